// rope/v088_phase1_two_ahead — v060's rotation on attention v072 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v088_phase1_two_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v088_phase1_two_ahead) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v060_early_triggers")
      .hypothesis(
          "Attention v072 (phase 1 two sub-tiles ahead: 32 KB a block in flight instead of 16) "
          "under v060's rotation, which runs in phase 1's loader once per Q and K pair as the "
          "sub-tile lands; the gain is attention v072's: 1.04x over v060 at D = 8192 and 16384 "
          "(neox).")
      .prediction(fuselab::faster_than("rope/v060_early_triggers", 1.04, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_two_ahead_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<Neox, a::v020::SpreadRowQkSubTiles, a::v072::kAhead>)
      .kernel("partial_scores_two_ahead_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_triggered",
              (const void*)a::v050::kPhase1<Inter, a::v020::SpreadRowQkSubTiles, a::v072::kAhead>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v088::launch, &a::v050::workspace_bytes);
}
