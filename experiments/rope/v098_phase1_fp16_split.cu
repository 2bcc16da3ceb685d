// rope/v098_phase1_fp16_split — v060's rotation on attention v081 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v098_phase1_fp16_split.cuh"

FUSELAB_EXPERIMENT(rope, v098_phase1_fp16_split) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v060_early_triggers")
      .hypothesis(
          "Attention v081 takes phase 1's products as 3xFP16, half v050's tensor time at the same "
          "11 significant bits, predicted 1.03x over v050 at D = 8192 and 16384. The rotation is "
          "applied in phase 1's loader before the split, apart from the products: the same 1.03x "
          "over v060, neox, at both (~42.6 and ~27.6 us). A rotation keeps |x| within fp16's range "
          "wherever Q and K are.")
      .prediction(fuselab::faster_than("rope/v060_early_triggers", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v098::launch, &a::v081::workspace_bytes);
}
