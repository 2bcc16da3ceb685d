// rope/v050_lean_phase3_prologue — v043's rotation on attention v039 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v050_lean_phase3_prologue.cuh"

FUSELAB_EXPERIMENT(rope, v050_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v039 trims phase 3's prologue (V addresses stepped, P split by masking), "
          "predicted 1.03x over v032 at D = 8192 and 16384. Phase 3 carries no rotation: the "
          "same 1.03x over v043, neox, at both (~44 us at 16384).")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v050::launch, &a::v039::workspace_bytes);
}
