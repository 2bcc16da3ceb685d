// rope/v125_o_by_bulk_copies — v060's rotation on attention v109 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v125_o_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(rope, v125_o_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v109 sends phase 3's O by bulk copies of whole query rows from shared "
          "memory instead of single-float stores from the accumulators, so that the stores left "
          "after a block's last V step take fewer instructions (v103's timeline, 2359Z: a block is "
          "done 1.5-1.7 us after its last step lands), predicted 1.015x over v103 at D = 8192 and "
          "16384. Phase 3 has no rotation: the same 1.015x over v119, neox, at both (~26.2 and "
          "~40.6 us).")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.015,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_o_by_bulk_copies", (const void*)a::v109::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v125::launch, &a::v109::workspace_bytes);
}
