// attention/v014_row_softmax — v013 with a wider phase 2 and v006's phase 3 below one wave (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v014_row_softmax.cuh"

FUSELAB_EXPERIMENT(attention, v014_row_softmax) {
  namespace k = fuselab::kernels::attention::v014;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, k::kS);
  return fuselab::Experiment{}
      .parent("attention/v013_register_tiled_split_d")
      .hypothesis(
          "ncu on v013 (20261121T0520Z-ncu-issue.txt): the softmax phase takes 7.0 us at both "
          "D = 2048 and 16384, latency-bound (64 blocks, 2 warps per scheduler, 8.8 cycles of "
          "long-scoreboard stall per instruction: each thread sums 64 chunk partials one after "
          "another); and v013's 128-dim phase 3 runs 64 blocks at D = 2048, 9.3 us against "
          "v006's 7.6. A block per score row with four threads per score (a quarter of the "
          "chain each) should bring phase 2 near 2 us cold, and v006's phase 3 below one wave "
          "recovers ~1 us at D = 2048: ~17 us at D = 2048 (v013: 18.9, 1.1x) and ~32 us at "
          "D = 8192 (v013: 33.7, 1.05x); declared as 1.05x on both.")
      .prediction(fuselab::faster_than("attention/v013_register_tiled_split_d", 1.05, {"b1_h4_s64_d2048", "b1_h4_s64_d8192"}))
      .limits(lim)
      .kernel("partial_scores_8x8", (const void*)&fuselab::kernels::attention::v013::partial_scores_kernel<fuselab::kernels::attention::v002::NoPe>)
      .kernel("row_softmax", (const void*)&k::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&fuselab::kernels::attention::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&fuselab::kernels::attention::v006::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
