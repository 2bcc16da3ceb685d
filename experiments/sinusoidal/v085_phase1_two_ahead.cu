// sinusoidal/v085_phase1_two_ahead — v058's PE on attention v072 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v085_phase1_two_ahead.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v085_phase1_two_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v058_early_triggers")
      .hypothesis(
          "Attention v072 (phase 1 two sub-tiles ahead: 32 KB a block in flight instead of 16) "
          "under v058's PE, which runs in phase 1's loader once per Q and K float4 pair as the "
          "sub-tile lands; it stays on the same step, so the gain is attention v072's: 1.04x "
          "over v058 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v058_early_triggers", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_two_ahead_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<k::Pe, a::v020::RowQkSubTiles, a::v072::kAhead>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v085::launch, &a::v050::workspace_bytes);
}
