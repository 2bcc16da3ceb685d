// sinusoidal/v022_cluster_partials_one_wave — v017's PE on attention v016 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v022_cluster_partials_one_wave.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v022_cluster_partials_one_wave) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v021_cluster_partials")
      .hypothesis(
          "Attention v016 sums phase 1's partials in clusters whose grid fits on the device in "
          "one wave (v015's clusters of 8 did not), predicted ~1 us under v014 at every "
          "D >= 2048. The PE is applied in phase 1's loader, apart from that change: ~16.7 us "
          "at D = 2048 (v020, on v014: 17.7).")
      .prediction(fuselab::faster_than("sinusoidal/v020_row_softmax", 1.05, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_8x8_cluster_sin_reduced", (const void*)&a::v013::partial_scores_kernel<k::Pe, true>)
      .kernel("partial_scores_8x8_sin_reduced", (const void*)&a::v013::partial_scores_kernel<k::Pe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v022::launch, &a::v016::workspace_bytes);
}
