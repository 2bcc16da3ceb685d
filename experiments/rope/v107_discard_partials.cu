// rope/v107_discard_partials — v060's rotation on attention v091 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v107_discard_partials.cuh"

FUSELAB_EXPERIMENT(rope, v107_discard_partials) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v091 discards phase 1's partial score tiles from L2 once phase 2 has read "
          "them, so that phase 3, bound by DRAM at D = 16384, does not write them back (~2.6 MB, "
          "~1 us), predicted 1.02x over v082 there. The rotation does not touch the tiles: the same "
          "1.02x over v099, neox, at D = 16384 (~42.6 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.02, {"b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_discard",
              (const void*)&a::v050::row_softmax_kernel<true, a::v091::DiscardPartials>)
      .kernel("row_softmax_16_in_flight_coherent_discard", (const void*)&a::v050::row_softmax_kernel<false, a::v091::DiscardPartials>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v107::launch, &a::v091::workspace_bytes);
}
