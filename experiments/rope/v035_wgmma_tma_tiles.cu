// rope/v035_wgmma_tma_tiles — v018's rotation on attention v027 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v035_wgmma_tma_tiles.cuh"

FUSELAB_EXPERIMENT(rope, v035_wgmma_tma_tiles) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v033_wgmma_spread_pairs")
      .hypothesis(
          "Attention v027 lands phase 1's tiles by TMA, three sub-tiles in flight per block, "
          "and splits each float4 where it landed; predicted 1.10x over v024 at D >= 8192. "
          "Neox lands the low and high 16 dims of a sub-tile as separate boxes, so each thread "
          "rotates the pairs of one landed offset with no exchange and no bank conflict; v033's "
          "remaining neox cost (+7.7 % at D = 16384) came from its loader and stores, which "
          "are gone. Expect 1.10x over v033 at D = 8192 and 16384, neox (~44 us at 16384).")
      .prediction(fuselab::faster_than("rope/v033_wgmma_spread_pairs", 1.10,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("tma_scores_rope_neox_reduced", (const void*)&a::v027::tma_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("tma_scores_rope_inter_reduced", (const void*)&a::v027::tma_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v035::launch, &a::v027::workspace_bytes);
}
