// sinusoidal/v084_phase1_one_per_sm — v058's PE on attention v071 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v084_phase1_one_per_sm.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v084_phase1_one_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v058_early_triggers")
      .hypothesis(
          "Attention v071 (phase 1 planned for one block per SM: 32 partial score tiles per "
          "head for phase 2 instead of 64) under v058's PE. The PE stays in phase 1's loader, "
          "one evaluation per Q and K float4 pair, the same count in all; the gain is "
          "attention v071's: 1.03x over v058 at D = 8192 and 16384 (41.25-41.7 us at 16384 "
          "in the last three runs: ~40.2).")
      .prediction(fuselab::faster_than("sinusoidal/v058_early_triggers", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v084::launch, &a::v050::workspace_bytes);
}
