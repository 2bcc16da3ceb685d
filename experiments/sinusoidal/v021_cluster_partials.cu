// sinusoidal/v021_cluster_partials — v017's PE on attention v015 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v021_cluster_partials.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v021_cluster_partials) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v020_row_softmax")
      .hypothesis(
          "Attention v015 sums phase 1's partials in clusters of 8 chunks before they reach "
          "global memory (0.5 MB instead of 4 MB at D = 2048, 8 partials per score for the "
          "softmax instead of 64), predicted 1.13x over v014 at D = 2048. The PE is applied in "
          "phase 1's loader, before and apart from that change: ~15.3 us at D = 2048 "
          "(v020: 17.3).")
      .prediction(fuselab::faster_than("sinusoidal/v020_row_softmax", 1.1, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_8x8_cluster_sin_reduced", (const void*)&a::v013::partial_scores_kernel<k::Pe, true>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v021::launch, &a::v015::workspace_bytes);
}
