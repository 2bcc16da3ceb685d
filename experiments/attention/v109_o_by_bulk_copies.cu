// attention/v109_o_by_bulk_copies — v103 with phase 3's O staged in shared memory and sent by bulk copies, a query row each (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v109_o_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(attention, v109_o_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "A phase-3 block of v103 is done 1.5-1.7 us after its last V step has landed (timeline "
          "2359Z, D = 16384), and halving the products left after that byte (v107) moved the "
          "paired time not at all, so the rest is O's stores: 32 single-float stores a thread, "
          "256 warp instructions a block per step, each writing 32-byte runs. Staged in the "
          "step's V buffer and sent as 64 bulk copies of one 512-byte query row by one warp, O "
          "leaves with 64 instructions instead of 256 warp stores and whole rows instead of "
          "runs, for a barrier and the staging writes. If that takes ~0.5 us off the last "
          "block's end: 1.015x over v103 at D = 8192 and 16384 (~24.7 and ~37.8 us).")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.015,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_o_by_bulk_copies", (const void*)a::v109::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v109::launch, &a::v109::workspace_bytes);
}
