// rope/v121_v_to_l2_p_by_copies — v060's rotation on attention v105 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v121_v_to_l2_p_by_copies.cuh"

FUSELAB_EXPERIMENT(rope, v121_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v105 puts v089's phase 1 (V sent to L2 as each block ends) under v103's phase "
          "3, which waits on V rather than on P, predicted 1.03x over v103 at D = 8192, where every "
          "tensor fits in L2. The rotation is all in phase 1, whose products and loads are "
          "unchanged: the same 1.03x over v119, neox, at 8192 (~25.8 us); no gain is declared at "
          "16384.")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.03,
                                       {"b1_h4_s64_d8192_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v121::launch, &a::v105::workspace_bytes);
}
