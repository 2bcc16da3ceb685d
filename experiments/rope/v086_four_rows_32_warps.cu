// rope/v086_four_rows_32_warps — attention v070 with the rotation (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v086_four_rows_32_warps.cuh"

FUSELAB_EXPERIMENT(rope, v086_four_rows_32_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v055_keys_in_shared")
      .hypothesis(
          "Attention v070 (64 blocks of 4 rows, 32 warps of 2 keys: 4 MB out of L2 instead "
          "of 8) under v055's rotation. Each lane rotates 6 float4s as in v055 (4 Q rows and "
          "2 K rows instead of 2 and 4), so the gain is attention v070's: ~0.45 us, ~4.1 us "
          "against v055's 4.51 (neox) and 4.67 (interleaved) in run 20261126T0042*. "
          "Declared: 1.1x over v055 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v055_keys_in_shared", 1.1,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("four_rows_kernel_rope_neox", (const void*)&a::v070::four_rows_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("four_rows_kernel_rope_inter", (const void*)&a::v070::four_rows_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v086::launch);
}
