// rope/v105_v_to_l2_as_phase1_ends — v060's rotation on attention v089 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v105_v_to_l2_as_phase1_ends.cuh"

FUSELAB_EXPERIMENT(rope, v105_v_to_l2_as_phase1_ends) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v089 sends V to L2 from phase 1's blocks as they end, so that phase 3 finds it "
          "there instead of reading it from DRAM after phase 2 (timeline, call 1107Z), predicted "
          "1.10x over v082 at D = 8192 and 16384. The rotation is all in phase 1: the same 1.10x "
          "over v099, neox, at both (~25.5 and ~39.5 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.10,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v105::launch, &a::v089::workspace_bytes);
}
