// attention/v060_ffma_head_barrier — split head_dim in one plain launch with fp32 FMA, a barrier per head (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v060_ffma_head_barrier.cuh"

FUSELAB_EXPERIMENT(attention, v060_ffma_head_barrier) {
  namespace a = fuselab::kernels::attention;
  return fuselab::Experiment{}
      .parent("attention/v053_counting_barrier")
      .hypothesis(
          "At Sq = 64 the split-D designs are bound by their chain, not by bytes: on the 5-row "
          "fixture v053's one launch takes 8.6 us and v002's three 11.1, against ~3.3 for one "
          "plain kernel, and v047 ran 16.8 us under ncu at D = 2048 at 18 % issue. v060 keeps "
          "one plain launch and shortens the chain: fp32 FMA on 4x4 register tiles (v002's "
          "math, no 3xTF32 split), Q, K and V through one cp.async ring so V lands during "
          "phase 1, the partial scores added at L2 and a barrier per head (32 blocks at "
          "D = 2048) instead of two grid barriers and a softmax phase. Estimate at D = 2048: "
          "~3.3 us launch and first bytes, ~2.5 us to read 6 MB, ~1.5 us of phase-1 FMA not "
          "hidden, ~1 us for the adds and the barrier, ~2 us of P V and stores: ~10.5 us, "
          "1.3x over v053 (16.1 us). At D = 8192 and 16384 the FMA (268 M and 537 M) runs "
          "~9 and ~18 us at the chip's fp32 peak, so there it is expected to trail v053.")
      .prediction(fuselab::faster_than("attention/v053_counting_barrier", 1.3, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::None}, a::v060::kUnit<64>, a::v060::kS))
      .kernel("ffma_head_barrier", (const void*)a::v060::kKernel<a::v002::NoPe>)
      .launch(&a::v060::launch, &a::v060::workspace_bytes);
}
