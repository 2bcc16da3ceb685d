// rope/v090_reduction_on_fma_pipe — v089 with the angle's turn count rounded on the FMA pipe (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v090_reduction_on_fma_pipe.cuh"

FUSELAB_EXPERIMENT(rope, v090_reduction_on_fma_pipe) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReducedFma = fuselab::kernels::Sincos::kReducedFma;
  return fuselab::Experiment{}
      .parent("rope/v089_q_once_per_block")
      .hypothesis(
          "As sinusoidal v087: the rotation's angles cost 3 XU-pipe instructions each (SFU "
          "sin and cos, and the reduction's rintf); ncu (run 20261126T0204*) counts 104,448 "
          "for v055 and 81,408 for v089 against attention v045's 30,720. Rounding the turn "
          "count by two adds on the FMA pipe takes a third of the PE's XU work away with the "
          "same values. Declared: 1.03x over v089 at 1x4x64x128, both pairings.")
      .prediction(fuselab::faster_than("rope/v089_q_once_per_block", 1.03,
                                       {"b1_h4_s64_d128_neox", "b1_h4_s64_d128_inter"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::head_tile_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v004::kKeys, a::v004::kMaxD)))
      .kernel("q_once_kernel_rope_neox_fma_round", (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<true, kReducedFma>>)
      .kernel("q_once_kernel_rope_inter_fma_round", (const void*)&a::v073::q_once_kernel<k::RopeSplitPe<false, kReducedFma>>)
      .launch(&fuselab::kernels::rope::v090::launch);
}
