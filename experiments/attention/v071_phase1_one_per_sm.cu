// attention/v071_phase1_one_per_sm — v050 with phase 1 planned for one block per SM (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v071_phase1_one_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v071_phase1_one_per_sm) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v050_early_triggers")
      .hypothesis(
          "Phase 1 at ~54 % of DRAM peak did not speed up with more blocks: three per SM "
          "(v037) made it 21.6 us against 19.8 at two (ncu, D = 16384, note of 2026-11-21 "
          "11:05), so its rate is not set by bytes in flight per SM. Planning it for one block "
          "per SM halves the partial score tiles phase 2 must sum (32 per head instead of 64: "
          "2 MB instead of 4 at 1x4x64xD; phase 2 took 5.6 us under ncu with 64). If phase 1 "
          "holds its rate and phase 2 sheds ~1.2 us: ~1.03x over v050 at D = 8192 and 16384. "
          "Declared: 1.03x.")
      .prediction(fuselab::faster_than("attention/v050_early_triggers", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_triggered",
              (const void*)a::v050::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v071::launch, &a::v050::workspace_bytes);
}
