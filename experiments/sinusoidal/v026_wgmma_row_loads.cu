// sinusoidal/v026_wgmma_row_loads — v017's PE on attention v020 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v026_wgmma_row_loads.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v026_wgmma_row_loads) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v023_wgmma_scores")
      .hypothesis(
          "Attention v020 gives phase 1 a loader whose warp-wide loads cover whole 128-byte "
          "rows (4 L1 wavefronts per instruction instead of 32), predicted 1.15x or more over "
          "v017 at D >= 8192 if the loads' throughput limits phase 1. The PE is applied per "
          "landed float4 as before, so the gain should carry over: 1.15x over v023.")
      .prediction(fuselab::faster_than("sinusoidal/v023_wgmma_scores", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_sin_reduced", (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v026::launch, &a::v020::workspace_bytes);
}
