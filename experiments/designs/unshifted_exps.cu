// Design unshifted_exps (attention v078, sinusoidal v092, rope v095): one
// kernel design (kernels/designs/unshifted_exps.cuh), declared here for each PE
// kind it runs, each declaration as it was written before its numbers existed.
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v078_unshifted_exps.cuh"
#include "kernels/sinusoidal/v092_unshifted_exps.cuh"
#include "kernels/rope/v095_unshifted_exps.cuh"

FUSELAB_EXPERIMENT(attention, v078_unshifted_exps) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v076_heads_by_grid")
      .hypothesis(R"(
          At D = 128 the head tile's time is its warps' instruction chain (v074 / v075, runs
          20261126T0414*, 0421*); ncu of v076 (run 20261126T0431*) counts ~465 instructions a
          warp at ~10.5 cycles each, short-scoreboard stalls (shuffles, shared loads) the
          largest part at 2.6 cycles an instruction. After the scores barrier every one of the
          16 warps takes both rows' max (5 shuffles), 4 exponentials a lane, the sum (5
          shuffles), a division and 4 shuffles for its keys' P: ~60 instructions and ~12
          dependent shuffles (~400 cycles) before P V can start. With each exponential taken
          once by the lane that sums the score, unshifted (exact while every score lies in [-16,
          16]; else the shifted path), a barrier that also says which path, one shared load a
          row for a warp's e, and the division at the output, expect ~0.2 us off a ~4.1 us
          launch: declared 1.05x over v076 at 1x4x64x128.)")
      .prediction(fuselab::faster_than("attention/v076_heads_by_grid", 1.05, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::head_tile_limits({fuselab::PeKind::None}, 4, a::head_tile::kKeys, a::head_tile::kMaxD))
      .kernel("unshifted_exps_kernel", (const void*)a::v078::kKernel<a::split_d::NoPe>)
      .launch(&fuselab::kernels::attention::v078::launch);
}

FUSELAB_EXPERIMENT(sinusoidal, v092_unshifted_exps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v090_heads_by_grid")
      .hypothesis(R"(
          As attention v078: every warp's softmax after the scores barrier is ~60 instructions
          and ~12 dependent shuffles (~400 cycles) of the chain that sets the time at D = 128;
          each exponential taken once, unshifted, by the lane that sums the score and the
          division moved to the output remove them. Declared: 1.05x over v090 at 1x4x64x128.)")
      .prediction(fuselab::faster_than("sinusoidal/v090_heads_by_grid", 1.05, {"b1_h4_s64_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::head_tile_limits({fuselab::PeKind::Sinusoidal}, 4, a::head_tile::kKeys, a::head_tile::kMaxD)))
      .kernel("unshifted_exps_kernel_sin_fma_round", (const void*)a::unshifted_exps::kKernel<k::reduction_on_fma_pipe::Pe>)
      .launch(&fuselab::kernels::sinusoidal::v092::launch);
}

FUSELAB_EXPERIMENT(rope, v095_unshifted_exps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::split_d_rotation;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v093_heads_by_grid")
      .hypothesis(R"(
          As attention v078: every warp's softmax after the scores barrier is ~60 instructions
          and ~12 dependent shuffles (~400 cycles) of the chain that sets the time at D = 128;
          each exponential taken once, unshifted, by the lane that sums the score and the
          division moved to the output remove them. Declared: 1.05x over v093 at 1x4x64x128,
          both pairings.)")
      .prediction(fuselab::faster_than("rope/v093_heads_by_grid", 1.05,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::head_tile::kKeys, a::head_tile::kMaxD)))
      .kernel("unshifted_exps_kernel_rope_neox_fma_round",
              (const void*)a::unshifted_exps::kKernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("unshifted_exps_kernel_rope_inter_fma_round",
              (const void*)a::unshifted_exps::kKernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v095::launch);
}
