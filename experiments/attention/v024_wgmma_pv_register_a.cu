// attention/v024_wgmma_pv_register_a — v022 with phase 3 on wgmma, A = V^T from registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"

FUSELAB_EXPERIMENT(attention, v024_wgmma_pv_register_a) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v022_wgmma_row_loads_padded")
      .hypothesis(
          "The phase-3 probe moves phase 3's bytes alone in 13.8 us cold at D = 16384 with "
          "v013's traffic (17.6 with v019's), while the phase takes 21-23 us under ncu: it is "
          "bound by its products (SIMT, v013) or by storing V transposed (wgmma, v019). "
          "Computing O^T = V^T P^T on wgmma with V^T fragments loaded from row-major shared "
          "memory into registers keeps v013's traffic and drops both: ~5 us less cold at "
          "D = 16384 (v022: 45.6, ~1.12x) and ~2.5 us at D = 8192; declared as 1.08x.")
      .prediction(fuselab::faster_than("attention/v022_wgmma_row_loads_padded", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v024::launch, &a::v024::workspace_bytes);
}
