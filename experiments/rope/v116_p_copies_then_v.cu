// rope/v116_p_copies_then_v — v060's rotation on attention v100 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v116_p_copies_then_v.cuh"

FUSELAB_EXPERIMENT(rope, v116_p_copies_then_v) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v115_v_after_every_p")
      .hypothesis(
          "Attention v100 reads phase 3's P from 16 copies (4 readers a line instead of 64), so "
          "that P lands ~1 us after its loads instead of ~4 and V, put in flight once every block "
          "has P, goes out ~2.9 us earlier than in v099: predicted 1.015x over v082 at D = 8192 and "
          "16384. The rotation is all in phase 1, which is unchanged: the same 1.015x over v099, "
          "neox, at both (~28.0 and ~42.7 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.015,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_p_copies",
              (const void*)&a::v050::row_softmax_kernel<true, a::v100::CopyRowOfP>)
      .kernel("row_softmax_16_in_flight_coherent_p_copies",
              (const void*)&a::v050::row_softmax_kernel<false, a::v100::CopyRowOfP>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copies_then_v", (const void*)a::v100::kPhase3)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v116::launch, &a::v100::workspace_bytes);
}
