// rope/v095_unshifted_exps — v093 with attention v078's tail: each exponential once, unshifted, the row sum divided out at the output (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v095_unshifted_exps.cuh"

FUSELAB_EXPERIMENT(rope, v095_unshifted_exps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v093_heads_by_grid")
      .hypothesis(
          "As attention v078: every warp's softmax after the scores barrier is ~60 "
          "instructions and ~12 dependent shuffles (~400 cycles) of the chain that sets the "
          "time at D = 128; each exponential taken once, unshifted, by the lane that sums "
          "the score and the division moved to the output remove them. Declared: 1.05x over "
          "v093 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v093_heads_by_grid", 1.05,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("unshifted_exps_kernel_rope_neox_fma_round",
              (const void*)a::v078::kKernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("unshifted_exps_kernel_rope_inter_fma_round",
              (const void*)a::v078::kKernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v095::launch);
}
