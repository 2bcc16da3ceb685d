// attention/v068_static_prefetch — v067 with tickets dealt round-robin and each block's next item sent to L2 ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v067_head_pipeline.cuh"

FUSELAB_EXPERIMENT(attention, v068_static_prefetch) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v067_head_pipeline")
      .hypothesis(
          "v067 (run 20261125T2028Z) ran 0.85x / 0.78x of v050 at D = 16384 / 8192 and lost "
          "4.7 us at D = 2048, where its items fit in one wave: what it adds is per item, not "
          "per phase. A block takes ~5 items (2 phase-1, 1 softmax row, 2 phase-3 steps at "
          "D = 16384), and each starts with a ticket (one atomic round trip to L2) and then "
          "waits for its first operands from DRAM; ncu shows long-scoreboard 3.2 and barrier "
          "3.7 stall cycles per instruction, DRAM 36 % busy. Dealing the tickets round-robin "
          "(block b takes b, b + grid, ...; all blocks resident, as v053) removes the atomics, "
          "and knowing its next item lets a block send that item's Q and K (or V) dims to L2 as "
          "it begins the current one. Of ~5 round trips and ~4 cold starts a block (~7 us at "
          "~0.7-1 us each) most should go: 1.15x over v067 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v067_head_pipeline", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS))
      .kernel("head_pipeline_static_prefetch", (const void*)a::v067::kKernel<a::v002::NoPe, a::v020::RowQkSubTiles, true>)
      .launch(&a::v067::launch_static, &a::v067::workspace_bytes);
}
