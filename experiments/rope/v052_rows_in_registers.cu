// rope/v052_rows_in_registers — attention v041 with v017's rotation in registers (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v052_rows_in_registers.cuh"

FUSELAB_EXPERIMENT(rope, v052_rows_in_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  constexpr int kRows = a::v041::kRowsV041;
  return fuselab::Experiment{}
      .parent("rope/v019_head_tile_static_d")
      .hypothesis(
          "Attention v041's two-row blocks (K and V in registers, 128 blocks) with the rotation "
          "done in registers as the loads land. v019 (6.4-8.5 us cold at 1x4x64x128) rotates "
          "68 rows per block in a shared-memory pass plus v012's chains. Here each thread "
          "rotates 2 Q and 8 K float4s: 20 float4 rotations (4 reduced sin/cos each for neox, "
          "whose lanes l and l ^ 16 swap halves with 4 shuffles; 2 for interleaved). "
          "Estimate: v041's ~3.9 us + ~0.3-0.4 us = ~4.3 us. Declared: 1.4x over v019 at "
          "1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v019_head_tile_static_d", 1.4,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("rows_kernel_2_rope_neox", (const void*)&a::v041::rows_kernel<k::RopeSplitPe<true, kReduced>, kRows>)
      .kernel("rows_kernel_2_rope_inter", (const void*)&a::v041::rows_kernel<k::RopeSplitPe<false, kReduced>, kRows>)
      .launch(&fuselab::kernels::rope::v052::launch);
}
