// rope/v072_ffma_head_barrier — v017's rotation on attention v060 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v072_ffma_head_barrier.cuh"

FUSELAB_EXPERIMENT(rope, v072_ffma_head_barrier) {
  namespace a = fuselab::kernels::attention;
  namespace r = fuselab::kernels::rope;
  using fuselab::kernels::Sincos;
  return fuselab::Experiment{}
      .parent("rope/v065_counting_barrier")
      .hypothesis(
          "Attention v060 (one plain launch, fp32 FMA, scores summed at L2, a barrier per "
          "head) is predicted 1.3x over v053 at D = 2048 by a shorter chain. The rotation is "
          "applied in registers as a Q or K item leaves the ring; a neox item carries 16 dims "
          "of each half, so a thread rotates whole pairs with no shuffle. Each element is "
          "rotated once per query head. Predicted: the same 1.3x over v065, neox, at "
          "D = 2048 (v065: 16.5 us; ~12.7 us, short of the 9 us target).")
      .prediction(fuselab::faster_than("rope/v065_counting_barrier", 1.3, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, a::v060::kUnit<64>, a::v060::kS)))
      .kernel("ffma_head_barrier_rope_neox_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<true, Sincos::kReduced>>)
      .kernel("ffma_head_barrier_rope_inter_reduced",
              (const void*)a::v060::kKernel<r::v008::RopeSplitPe<false, Sincos::kReduced>>)
      .launch(&r::v072::launch, &a::v060::workspace_bytes);
}
