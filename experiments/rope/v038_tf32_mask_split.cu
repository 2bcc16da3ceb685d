// rope/v038_tf32_mask_split — v037 on attention v030 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v038_tf32_mask_split.cuh"

FUSELAB_EXPERIMENT(rope, v038_tf32_mask_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  constexpr auto kMask = fuselab::kernels::Tf32Split::kMask;
  return fuselab::Experiment{}
      .parent("rope/v037_softmax_loads_in_flight")
      .hypothesis(
          "Attention v030 splits by masking (two instructions a value instead of ~9), predicted "
          "1.06x over v029 at D >= 8192. The rotation sits before the split and is unchanged: "
          "1.06x over v037 at D = 8192 and 16384, neox (~45.5 us at 16384, the target is 45).")
      .prediction(fuselab::faster_than("rope/v037_softmax_loads_in_flight", 1.06,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, kMask>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, kMask>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<kMask>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v038::launch, &a::v030::workspace_bytes);
}
