// rope/v091_mma_head_tile — attention v074's tensor-core head tile with v090's rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v091_mma_head_tile.cuh"

FUSELAB_EXPERIMENT(rope, v091_mma_head_tile) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v090_reduction_on_fma_pipe")
      .hypothesis(
          "As attention v074: 8 blocks a head instead of 32 cut L2's output from 8 to 2 MB, "
          "and mma.sync keeps the instructions per SM low. Each block rotates all 64 keys, as "
          "v055's and v090's do, while V is in flight. Expect attention v074's gain over the "
          "family's fastest head tile at this shape, v055 (4.5-5.6 us over allocations): "
          "~3.5 us. Declared: 1.15x over v055 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v055_keys_in_shared", 1.15,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("mma_head_tile_kernel_rope_neox_fma_round",
              (const void*)&a::v074::mma_head_tile_kernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("mma_head_tile_kernel_rope_inter_fma_round",
              (const void*)&a::v074::mma_head_tile_kernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v091::launch);
}
