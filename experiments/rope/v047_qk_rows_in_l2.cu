// rope/v047_qk_rows_in_l2 — v043's rotation on attention v036 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v047_qk_rows_in_l2.cuh"

FUSELAB_EXPERIMENT(rope, v047_qk_rows_in_l2) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v036 requests each phase-1 block's Q and K rows into L2 at its start, "
          "predicted 1.04x over v032 at D = 8192 and 16384. Neox's paired loader reads 8 rows x "
          "64 bytes per warp instruction, twice the line requests of the unpaired one, so it "
          "should gain at least as much from loads that hit L2: 1.04x over v043, neox, at both "
          "(~42.5 us at 16384).")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.04,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_qk_in_l2",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit, a::v017::PartialsOut, true>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_qk_in_l2",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit, a::v017::PartialsOut, true>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v047::launch, &a::v036::workspace_bytes);
}
