// rope/v074_ffma_lean_softmax — v072's rotation on attention v062 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v074_ffma_lean_softmax.cuh"

FUSELAB_EXPERIMENT(rope, v074_ffma_lean_softmax) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v073_ffma_two_per_sm")
      .hypothesis(
          "Attention v062 takes the per-block softmax in base 2 with one reciprocal per row, "
          "predicted 1.06x over v061 at D = 2048. The softmax does not touch the rotation, "
          "so the same instructions come off v073's chain: 1.05x over v073 at D = 2048, neox.")
      .prediction(fuselab::faster_than("rope/v073_ffma_two_per_sm", 1.05, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, a::v060::kUnit<a::v061::kVDims>,
          a::v060::kS)))
      .kernel("ffma_head_barrier_v32_lean_softmax_rope_neox_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, a::v061::kVDims, true>)
      .kernel("ffma_head_barrier_v32_lean_softmax_rope_inter_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, a::v061::kVDims, true>)
      .launch(&r::v074::launch, &a::v060::workspace_bytes);
}
