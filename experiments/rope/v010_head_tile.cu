// rope/v010_head_tile — attention v004's small-D head tile with RoPE fused (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v010_head_tile.cuh"

FUSELAB_EXPERIMENT(rope, v010_head_tile) {
  namespace a = fuselab::kernels::attention::v004;
  namespace k = fuselab::kernels::rope::v008;
  return fuselab::Experiment{}
      .parent("rope/v009_cluster")
      .hypothesis(
          "attention v004's head tile (one launch, the head's K and V in shared memory, no "
          "inter-block reduction) with Q and K rotated in shared memory, each element once per "
          "block (80 rows x 64 accurate sincosf pairs per block, ~20 per thread). Estimate "
          "~4.7 us cold at 1x4x64x128 neox (v009_cluster: 11.0 us; target 4 us).")
      .prediction(fuselab::at_most_us(5.0, {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::kKeys, a::kMaxD))
      .kernel("head_tile_kernel_rope_neox", (const void*)&a::head_tile_kernel<k::RopeSplitPe<true>, a::kRowsV004>)
      .kernel("head_tile_kernel_rope_inter", (const void*)&a::head_tile_kernel<k::RopeSplitPe<false>, a::kRowsV004>)
      .launch(&fuselab::kernels::rope::v010::launch);
}
