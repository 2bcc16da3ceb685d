// rope/v054_eight_warps — attention v044 with the rotation in registers, neox pairs in one lane (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v054_eight_warps.cuh"

FUSELAB_EXPERIMENT(rope, v054_eight_warps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  constexpr int kWarps = a::v043::kWarpsV044;
  return fuselab::Experiment{}
      .parent("rope/v052_rows_in_registers")
      .hypothesis(
          "Attention v044's kernel (v043's at 8 warps of 8 keys, one expf per score) with the "
          "rotation in registers and neox pairs in one lane. Against v052 (v041's kernel, run "
          "20261121T1321*: 6.83 us neox, 6.40 interleaved) it removes the softmax's repeated "
          "expf and, for neox, 40 shuffles and half the sin/cos per thread. Expect ~1.06x for "
          "interleaved (attention v044's gain) and ~1.25x for neox. Declared: 1.06x over v052 "
          "at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v052_rows_in_registers", 1.06,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("keys_per_warp_kernel_8_rope_neox", (const void*)&a::v043::keys_per_warp_kernel<k::RopeSplitPe<true, kReduced>, kWarps>)
      .kernel("keys_per_warp_kernel_8_rope_inter", (const void*)&a::v043::keys_per_warp_kernel<k::RopeSplitPe<false, kReduced>, kWarps>)
      .launch(&fuselab::kernels::rope::v054::launch);
}
