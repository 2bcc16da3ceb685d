// rope/v046_phase3_on_head_counts — v045's rotation on attention v035 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v046_phase3_on_head_counts.cuh"

FUSELAB_EXPERIMENT(rope, v046_phase3_on_head_counts) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v045_scores_summed_in_l2")
      .hypothesis(
          "Attention v035 launches phase 3 as phase 1 begins, each phase-3 block waiting on its "
          "head's count, predicted 1.04x over v034. The rotation is in phase 1 and unchanged: "
          "the same 1.04x over v045, neox, at D = 2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("rope/v045_scores_summed_in_l2", 1.04,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_counted_sums",
              (const void*)a::v034::kPhase1<Neox, a::v020::SpreadRowQkSubTiles, true>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_counted_sums",
              (const void*)a::v034::kPhase1<Inter, a::v020::SpreadRowQkSubTiles, true>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_counted_sums", (const void*)a::v034::kPhase3<true, false, true>)
      .kernel("pv_tuned_softmax_of_counted_sums", (const void*)&a::v034::pv_tuned_kernel<true>)
      .launch(&fuselab::kernels::rope::v046::launch, &a::v035::workspace_bytes);
}
