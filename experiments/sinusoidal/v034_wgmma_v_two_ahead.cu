// sinusoidal/v034_wgmma_v_two_ahead — v030 with attention v028's phase 3 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v034_wgmma_v_two_ahead.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v034_wgmma_v_two_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v030_wgmma_pv_register_a")
      .hypothesis(
          "Attention v028 keeps phase 3's V two steps ahead, predicted 1.05x over v024 at "
          "D = 16384 (step 2's V latency no longer exposed). Phase 3 carries no PE, so the "
          "same ~2.5 us comes off v030: 1.05x at D = 16384 (~45.5 us).")
      .prediction(fuselab::faster_than("sinusoidal/v030_wgmma_pv_register_a", 1.05, {"b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v034::launch, &a::v028::workspace_bytes);
}
