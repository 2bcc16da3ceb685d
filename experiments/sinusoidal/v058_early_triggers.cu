// sinusoidal/v058_early_triggers — v048's PE on attention v050 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v058_early_triggers.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v058_early_triggers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v048_lean_phase3_prologue")
      .hypothesis(
          "Attention v050 lets phase 3 launch as phase 2 begins, so V's requests go out during "
          "phase 1's tail and phase 2, predicted 1.04x over v039 at D = 2048, 8192 and 16384. "
          "The PE is in phase 1's loader, apart from the triggers: the same 1.04x over v048 at "
          "all three (~40.5 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v048_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v058::launch, &a::v050::workspace_bytes);
}
