// rope/v045_scores_summed_in_l2 — v043's rotation on attention v034 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v045_scores_summed_in_l2.cuh"

FUSELAB_EXPERIMENT(rope, v045_scores_summed_in_l2) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v034 drops phase 2 and its launch seam (phase 1's scores summed at L2, the "
          "softmax in phase 3), predicted ~2 us less at every D, 1.05x over v032. The rotation "
          "is in phase 1 and unchanged: the same 1.05x over v043, neox, at D = 2048, 8192 and "
          "16384 (~43 us at 16384, under the 45 us target).")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.05,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_sums_in_l2",
              (const void*)a::v034::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_sums_in_l2",
              (const void*)a::v034::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_sums", (const void*)a::v034::kPhase3<true, false>)
      .kernel("pv_tuned_softmax_of_sums", (const void*)&a::v034::pv_tuned_kernel<false>)
      .launch(&fuselab::kernels::rope::v045::launch, &a::v034::workspace_bytes);
}
