// sinusoidal/v029_wgmma_both_row_loads — v017's PE on attention v023 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v029_wgmma_both_row_loads.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v029_wgmma_both_row_loads) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v028_wgmma_row_loads_padded")
      .hypothesis(
          "Attention v023 is v022 with v019's wgmma phase 3, predicted 1.02x over v022 at "
          "D >= 8192. Phase 3 carries no PE, so the same gain should carry over: 1.02x over "
          "v028.")
      .prediction(fuselab::faster_than("sinusoidal/v028_wgmma_row_loads_padded", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v029::launch, &a::v023::workspace_bytes);
}
