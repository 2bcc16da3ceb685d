// rope/v043_direct_o_stores — v042 on attention v032 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v043_direct_o_stores.cuh"

FUSELAB_EXPERIMENT(rope, v043_direct_o_stores) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v042_register_qk_shared_pe")
      .hypothesis(
          "Attention v032 stores phase 3's O straight from the accumulators (one barrier per "
          "step, no staging), predicted 1.03x over v030 at D = 8192 and 16384. Phase 3 carries "
          "no rotation: the same 1.03x over v042 at both, neox (~45 us at D = 16384).")
      .prediction(fuselab::faster_than("rope/v042_register_qk_shared_pe", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v043::launch, &a::v032::workspace_bytes);
}
