// Design early_triggers (attention v050, rope v060): one kernel design
// (kernels/designs/early_triggers.cuh), declared here for each PE kind it runs,
// each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "experiments/common/split_d_kernels.h"
#include "experiments/common/shared_rope_phase1.h"
#include "harness/core/registry.h"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/rope/v060_early_triggers.cuh"

FUSELAB_EXPERIMENT(attention, v050_early_triggers) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(R"(
          No kernel of v039's pipeline triggers its dependent launch, so phase 3 begins only as
          phase 2's blocks exit, and only then puts its V steps in flight (all of V at D =
          16384: 16.7 MB, ~5.6 us at the copy ceiling). v049 showed that replacing the seam with
          a fence and count costs more than the seam (+4 us on the fixture). Triggering at the
          start of phases 1 and 2 keeps the seams and moves phase 3's V requests into phase 1's
          tail and phase 2 (~3 us in the chain at D = 16384, ~2 at 2048 and 8192). If V's
          arrival gates phase 3 (ncu: 17.6 us at 31 % of DRAM peak, long-scoreboard the first
          stall), ~1.5 us is saved at every D: predicted 1.04x over v039 at D = 2048, 8192 and
          16384 (~15.6, ~27 and ~40.5 us).)")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::no_pe_split_d_limits(a::split_d::kS))
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_triggered",
              (const void*)a::v050::kPhase1<a::split_d::NoPe, a::row_loader::RowQkSubTiles>)
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3))
      .launch(&fuselab::kernels::attention::v050::launch, &fuselab::kernels::attention::v050::workspace_bytes);
}

FUSELAB_EXPERIMENT(rope, v060_early_triggers) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("rope/v050_lean_phase3_prologue")
      .hypothesis(R"(
          Attention v050 lets phase 3 launch as phase 2 begins, so V's requests go out during
          phase 1's tail and phase 2, predicted 1.04x over v039 at D = 2048, 8192 and 16384. The
          rotation is in phase 1's loader, apart from the triggers: the same 1.04x over v050,
          neox, at all three (~43.5 us at 16384).)")
      .prediction(fuselab::faster_than("rope/v050_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::reduced_rope_split_d_limits(a::split_d::kS))
      .kernels(fuselab::experiments::shared_rope_phase1<a::early_triggers::SplitDRecipe>("mask_split_qk_shared_triggered"))
      .kernels(fuselab::experiments::triggered_phases_2_3("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::early_triggers::kPhase3))
      .launch(&fuselab::kernels::rope::v060::launch, &fuselab::kernels::attention::early_triggers::workspace_bytes);
}
