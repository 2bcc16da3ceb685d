// attention/v016_cluster_partials_one_wave — v015 with clusters that all fit at once (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v016_cluster_partials_one_wave.cuh"

FUSELAB_EXPERIMENT(attention, v016_cluster_partials_one_wave) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v015_cluster_partials")
      .hypothesis(
          "v015 lost (0.73x of v014 at D = 2048) because 256 phase-1 blocks in clusters of 8 "
          "exceed the 30 clusters the H100 holds at once: a second wave. Its softmax phase did "
          "drop (ncu 6.4 -> 4.8 us, 4.2 -> 0.53 MB read). With a cluster size whose clusters "
          "all fit (4 where 8 does not), phase 1 should return to v014's time and the softmax "
          "keep most of that gain (a quarter of the partials): ~1 us less than v014 at every "
          "D >= 2048, ~15.9 us at D = 2048 (v014: 16.9, 1.06x).")
      .prediction(fuselab::faster_than("attention/v014_row_softmax", 1.05, {"b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("partial_scores_8x8_cluster", (const void*)&a::v013::partial_scores_kernel<a::v002::NoPe, true>)
      .kernel("partial_scores_8x8", (const void*)&a::v013::partial_scores_kernel<a::v002::NoPe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v016::launch, &a::v016::workspace_bytes);
}
