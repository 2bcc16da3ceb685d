// rope/v049_strided_subtiles — v043's rotation on attention v038 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v049_strided_subtiles.cuh"

FUSELAB_EXPERIMENT(rope, v049_strided_subtiles) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v038 deals phase 1's sub-tiles out strided, predicted 1.05x over v032 at "
          "D = 8192 and 16384 if DRAM row locality limits phase 1. Neox's paired loader reads "
          "two 64-byte pieces of each row per sub-tile (low and high half); strided, the head's "
          "blocks read two contiguous runs of every row at each step: the same 1.05x over "
          "v043, neox, at both (~43 us at 16384).")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.05,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_strided",
              (const void*)a::v038::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_strided",
              (const void*)a::v038::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v049::launch, &a::v038::workspace_bytes);
}
