// rope/v073_ffma_two_per_sm — v072's rotation on attention v061 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v073_ffma_two_per_sm.cuh"

FUSELAB_EXPERIMENT(rope, v073_ffma_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v072_ffma_head_barrier")
      .hypothesis(
          "Attention v061 (v060 with 32-dim V items: 256 blocks at D = 2048, two per SM) is "
          "predicted 1.25x over v060 there, by raising issue from 33 % towards ~55 %. v072 "
          "ran 19.3 us at D = 2048 neox (1653*), 2.3 us over v060: its rotation is on the "
          "chain of phase 1, which halves per block with twice the warps to hide it. "
          "Predicted: 1.25x over v072 at D = 2048, neox (~15.4 us).")
      .prediction(fuselab::faster_than("rope/v072_ffma_head_barrier", 1.25, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, a::v060::kUnit<a::v061::kVDims>,
          a::v060::kS)))
      .kernel("ffma_head_barrier_v32_rope_neox_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>, a::v061::kVDims>)
      .kernel("ffma_head_barrier_v32_rope_inter_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>, a::v061::kVDims>)
      .launch(&r::v073::launch, &a::v060::workspace_bytes);
}
