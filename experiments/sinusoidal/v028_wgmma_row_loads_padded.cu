// sinusoidal/v028_wgmma_row_loads_padded — v017's PE on attention v022 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v028_wgmma_row_loads_padded.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v028_wgmma_row_loads_padded) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v026_wgmma_row_loads")
      .hypothesis(
          "Attention v022 keeps v020's rows-per-warp loads (22.4 us of reads alone at "
          "D = 16384, against 26.5 us for v017's loader) and removes its 8-way store conflicts, "
          "predicted 1.06-1.09x over v017 at D >= 8192. The PE is applied per landed float4 "
          "as on v023, so the same gain should carry over: 1.06x over v023.")
      .prediction(fuselab::faster_than("sinusoidal/v023_wgmma_scores", 1.06, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v028::launch, &a::v022::workspace_bytes);
}
