// rope/v053_four_keys_per_warp — attention v043 with the rotation in registers, neox pairs in one lane (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v053_four_keys_per_warp.cuh"

FUSELAB_EXPERIMENT(rope, v053_four_keys_per_warp) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v052_rows_in_registers")
      .hypothesis(
          "Attention v043's kernel (16 warps of 4 keys, one expf per score) with the rotation in "
          "registers. In run 20261121T1307* v052 took 7.14 us neox and 5.50 us interleaved at "
          "1x4x64x128: neox paid 40 shuffles and 40 sin/cos per thread (lanes l and l ^ 16 "
          "both evaluate the same four angles) against interleaved's 20. Here a neox lane loads "
          "both halves of its two pairs (dims 2l, 2l+1 and 64+2l, 65+2l), so it rotates in "
          "place: 12 sin/cos per thread for either pairing, no shuffles. Expect both pairings "
          "near attention v043 (~4 us), so ~1.6x for neox. Declared: 1.25x over v052 at "
          "1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v052_rows_in_registers", 1.25,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("four_keys_kernel_rope_neox", (const void*)&a::v043::keys_per_warp_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("four_keys_kernel_rope_inter", (const void*)&a::v043::keys_per_warp_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v053::launch);
}
