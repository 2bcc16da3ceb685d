// rope/v093_heads_by_grid — v090 with each block's head and batch read from the grid (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v093_heads_by_grid.cuh"

FUSELAB_EXPERIMENT(rope, v093_heads_by_grid) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v090_reduction_on_fma_pipe")
      .hypothesis(
          "As attention v076: the three integer divisions at the top of every warp delay "
          "the first loads by ~0.15 us of a chain that sets the time. Declared: 1.03x over "
          "v090 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v090_reduction_on_fma_pipe", 1.03,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_rope_neox_fma_round_heads_by_grid",
              (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<true, kReducedFma>, true>)
      .kernel("q_once_kernel_rope_inter_fma_round_heads_by_grid",
              (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<false, kReducedFma>, true>)
      .launch(&fuselab::kernels::rope::v093::launch);
}
