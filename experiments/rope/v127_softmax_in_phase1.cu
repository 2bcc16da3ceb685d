// rope/v127_softmax_in_phase1 — v060's rotation on attention v111 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v127_softmax_in_phase1.cuh"

FUSELAB_EXPERIMENT(rope, v127_softmax_in_phase1) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v111 lets phase 1's blocks take the softmax rows after a counting barrier per "
          "head, in place of phase 2's launch: one grid release and phase 2's start fewer between "
          "phase 1's last block and phase 3 (3.3 us in v103's timeline at D = 16384), predicted "
          "1.02x over v103 at D = 8192 and 16384. The rotation is all in phase 1 before its "
          "partials, unchanged: the same 1.02x over v119, neox, at both (~25.8 and ~40.3 us).")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v127::launch, &a::v111::workspace_bytes);
}
