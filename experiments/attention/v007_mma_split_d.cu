// attention/v007_mma_split_d — split-D with both products on the tensor cores, 3xTF32 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v007_mma_split_d.cuh"

FUSELAB_EXPERIMENT(attention, v007_mma_split_d) {
  namespace k = fuselab::kernels::attention::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kS);
  return fuselab::Experiment{}
      .parent("attention/v006_split_d_tuned")
      .hypothesis(
          "ncu put v002/v006's phases on shared memory, not DRAM: FMA pipe 34-39 %, MIO "
          "throttle and short-scoreboard stalls, and removing the bank conflicts (v006) gained "
          "nothing at D = 16384. 3xTF32 mma.sync (fp32-accurate, ~2^-22 per product, each "
          "32-dim tile's fp32 sum folded into double) reads one A and four B fragments (6 LDS "
          "per thread) per 12 mma = 4096 MAC per warp, ~4x fewer shared-memory loads per MAC "
          "than the 4x4 SIMT tile, on a pipe ~2x the FP32 rate even after the 3x. Phases become "
          "DRAM-bound: phase 1 33.5 MB (~12 us at 2.9 TB/s) with V prefetched into L2 during it "
          "(cp.async.bulk.prefetch), phase 3 then mostly writes O (16.7 MB, ~6 us); with two "
          "launch gaps and the softmax (~8 us) ~28 us at 1x4x64x16384 (v006: 56 us) and ~16 us "
          "at 1x4x64x8192 (v006: 36 us).")
      .prediction(fuselab::faster_than("attention/v006_split_d_tuned", 1.4, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_mma", (const void*)&k::partial_scores_kernel<fuselab::kernels::attention::v002::NoPe>)
      .kernel("softmax_rows", (const void*)&k::softmax_kernel)
      .kernel("pv_mma", (const void*)&k::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
