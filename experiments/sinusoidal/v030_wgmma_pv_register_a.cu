// sinusoidal/v030_wgmma_pv_register_a — v017's PE on attention v024 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v030_wgmma_pv_register_a.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v030_wgmma_pv_register_a) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v028_wgmma_row_loads_padded")
      .hypothesis(
          "Attention v024 gives phase 3 wgmma products with V^T from registers and v013's "
          "traffic, predicted ~1.12x over v022 at D = 16384. Phase 3 carries no PE, so the same "
          "gain should carry over: 1.08x over v028 at D >= 8192 (~43 us at D = 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v028_wgmma_row_loads_padded", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v030::launch, &a::v024::workspace_bytes);
}
