// rope/v113_phase1_pooled_tail — v060's rotation on attention v097 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v113_phase1_pooled_tail.cuh"

FUSELAB_EXPERIMENT(rope, v113_phase1_pooled_tail) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v097 hands the last quarter of phase 1's sub-tiles out from a count per head as "
          "blocks free up, predicted 1.015x over v082 at D = 8192 and 16384: phase 1's identical "
          "blocks end up to 4 us apart. The rotation is applied as each sub-tile lands, whichever "
          "block takes it: the same 1.015x over v099, neox, at both (~28.0 and ~42.6 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.015,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_pooled_tail",
              (const void*)a::v097::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered_pooled_tail",
              (const void*)a::v097::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<true, a::v097::EmptyPool>)
      .kernel("row_softmax_16_in_flight_coherent_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<false, a::v097::EmptyPool>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v113::launch, &a::v097::workspace_bytes);
}
