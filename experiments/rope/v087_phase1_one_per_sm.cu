// rope/v087_phase1_one_per_sm — v060's rotation on attention v071 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v087_phase1_one_per_sm.cuh"

FUSELAB_EXPERIMENT(rope, v087_phase1_one_per_sm) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v060_early_triggers")
      .hypothesis(
          "Attention v071 (phase 1 planned for one block per SM: 32 partial score tiles per "
          "head for phase 2 instead of 64) under v060's rotation, which stays in phase 1's "
          "loader with one sin/cos evaluation per Q and K pair; the gain is attention v071's: "
          "1.03x over v060 at D = 8192 and 16384 (neox).")
      .prediction(fuselab::faster_than("rope/v060_early_triggers", 1.03, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v087::launch, &a::v050::workspace_bytes);
}
