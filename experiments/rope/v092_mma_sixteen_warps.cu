// rope/v092_mma_sixteen_warps — attention v075's head tile with v090's rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v092_mma_sixteen_warps.cuh"

FUSELAB_EXPERIMENT(rope, v092_mma_sixteen_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v091_mma_head_tile")
      .hypothesis(
          "As attention v075: 16 warps, each half of v091's chain and a quarter of the "
          "rows to rotate, with vector fragments and rotating accumulators. Declared: 1.25x "
          "over v091 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v091_mma_head_tile", 1.25,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("sixteen_warps_kernel_rope_neox_fma_round",
              (const void*)&a::v075::sixteen_warps_kernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("sixteen_warps_kernel_rope_inter_fma_round",
              (const void*)&a::v075::sixteen_warps_kernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v092::launch);
}
