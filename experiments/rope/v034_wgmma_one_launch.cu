// rope/v034_wgmma_one_launch — v033's rotation and loader on attention v026 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v034_wgmma_one_launch.cuh"

FUSELAB_EXPERIMENT(rope, v034_wgmma_one_launch) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v033_wgmma_spread_pairs")
      .hypothesis(
          "Attention v026 runs v024's phases in one cooperative launch (grid barriers instead "
          "of launch boundaries, V prefetched into L2 across them), predicted 1.06x over v024 "
          "at D = 2048, 8192 and 16384. v033's loader and rotation stay in phase 1, so the "
          "same gain should carry over: 1.06x over v033 at those shapes, neox (~43 us at "
          "D = 16384 if v033 meets its own prediction).")
      .prediction(fuselab::faster_than("rope/v033_wgmma_spread_pairs", 1.06,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("one_launch_wgmma_spread_pairs_rope_neox_reduced",
              (const void*)&a::v026::one_launch_kernel<k::RopeSplitPe<true, kReduced>, a::v020::SpreadRowQkSubTiles>)
      .kernel("one_launch_wgmma_spread_pairs_rope_inter_reduced",
              (const void*)&a::v026::one_launch_kernel<k::RopeSplitPe<false, kReduced>, a::v020::SpreadRowQkSubTiles>)
      .launch(&fuselab::kernels::rope::v034::launch, &a::v026::workspace_bytes);
}
