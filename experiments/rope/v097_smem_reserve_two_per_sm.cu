// rope/v097_smem_reserve_two_per_sm — v095 launched as attention v079 (100 KB of dynamic shared memory reserved; see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v097_smem_reserve_two_per_sm.cuh"

FUSELAB_EXPERIMENT(rope, v097_smem_reserve_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v095_unshifted_exps")
      .hypothesis(
          "As attention v079: empty launches of this grid ran 0.80 us faster cold with 100 KB "
          "of dynamic shared memory reserved than with v095's 64 KB (call 20261126T0621Z, two "
          "processes). The kernel is unchanged. Declared: 1.10x over v095 at 1x4x64x128, "
          "both pairings.")
      .prediction(fuselab::faster_than("rope/v095_unshifted_exps", 1.10,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("smem_reserve_two_per_sm_kernel_rope_neox_fma_round",
              (const void*)a::v079::Launch::kKernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("smem_reserve_two_per_sm_kernel_rope_inter_fma_round",
              (const void*)a::v079::Launch::kKernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v097::launch);
}
