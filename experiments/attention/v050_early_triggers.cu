// attention/v050_early_triggers — v039 with phases 1 and 2 letting the next launch start as their blocks begin (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v050_early_triggers.cuh"

FUSELAB_EXPERIMENT(attention, v050_early_triggers) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(
          "No kernel of v039's pipeline triggers its dependent launch, so phase 3 begins only as "
          "phase 2's blocks exit, and only then puts its V steps in flight (all of V at D = 16384: "
          "16.7 MB, ~5.6 us at the copy ceiling). v049 showed that replacing the seam with a "
          "fence and count costs more than the seam (+4 us on the fixture). Triggering at the "
          "start of phases 1 and 2 keeps the seams and moves phase 3's V requests into phase 1's "
          "tail and phase 2 (~3 us in the chain at D = 16384, ~2 at 2048 and 8192). If V's "
          "arrival gates phase 3 (ncu: 17.6 us at 31 % of DRAM peak, long-scoreboard the first "
          "stall), ~1.5 us is saved at every D: predicted 1.04x over v039 at D = 2048, 8192 and "
          "16384 (~15.6, ~27 and ~40.5 us).")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_triggered",
              (const void*)a::v050::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v050::launch, &a::v050::workspace_bytes);
}
