// rope/v060_early_triggers — v050's rotation on attention v050 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v060_early_triggers.cuh"

FUSELAB_EXPERIMENT(rope, v060_early_triggers) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v050_lean_phase3_prologue")
      .hypothesis(
          "Attention v050 lets phase 3 launch as phase 2 begins, so V's requests go out during "
          "phase 1's tail and phase 2, predicted 1.04x over v039 at D = 2048, 8192 and 16384. "
          "The rotation is in phase 1's loader, apart from the triggers: the same 1.04x over "
          "v050, neox, at all three (~43.5 us at 16384).")
      .prediction(fuselab::faster_than("rope/v050_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
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
      .launch(&fuselab::kernels::rope::v060::launch, &a::v050::workspace_bytes);
}
