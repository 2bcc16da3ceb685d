// rope/v036_wgmma_v_two_ahead — v033 with attention v028's phase 3 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v036_wgmma_v_two_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v036_wgmma_v_two_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v033_wgmma_spread_pairs")
      .hypothesis(
          "Attention v028 keeps phase 3's V two steps ahead, predicted 1.05x over v024 at "
          "D = 16384. Phase 3 carries no rotation, so the same ~2.5 us comes off v033: 1.05x "
          "at D = 16384, neox (~46.5 us; the target is 45).")
      .prediction(fuselab::faster_than("rope/v033_wgmma_spread_pairs", 1.05, {"b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v036::launch, &a::v028::workspace_bytes);
}
