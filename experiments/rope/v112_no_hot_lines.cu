// rope/v112_no_hot_lines — v060's rotation on attention v096 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v112_no_hot_lines.cuh"

FUSELAB_EXPERIMENT(rope, v112_no_hot_lines) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v109_softmax_in_phase3")
      .hypothesis(
          "Attention v096 takes v093's head barrier and P off lines that a whole head reads "
          "(barrier words on their own lines, P in 16 copies), predicted 1.03x over v093 at D = "
          "8192 and 16384. The rotation is all in phase 1, which is unchanged: the same 1.03x over "
          "v109, neox, at both (~27.5 and ~42.2 us).")
      .prediction(fuselab::faster_than("rope/v109_softmax_in_phase3", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows_no_hot_lines", (const void*)a::v096::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v112::launch, &a::v096::workspace_bytes);
}
