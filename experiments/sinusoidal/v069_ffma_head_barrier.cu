// sinusoidal/v069_ffma_head_barrier — v016's PE on attention v060 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v069_ffma_head_barrier.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v069_ffma_head_barrier) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v062_counting_barrier")
      .hypothesis(
          "Attention v060 (one plain launch, fp32 FMA, scores summed at L2, a barrier per "
          "head) is predicted 1.3x over v053 at D = 2048 by a shorter chain. The PE adds one "
          "reduced sin/cos per two Q or K elements as an item leaves the ring, ~40 "
          "instructions a thread per 32-dim item, off the chain's long waits: the same 1.3x "
          "over v062 (16.1 us) at D = 2048, ~12.4 us, short of the 8 us target.")
      .prediction(fuselab::faster_than("sinusoidal/v062_counting_barrier", 1.3, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, a::v060::kUnit<64>, a::v060::kS)))
      .kernel("ffma_head_barrier_sin_reduced", (const void*)a::v060::kKernel<k::v016::Pe>)
      .launch(&k::v069::launch, &a::v060::workspace_bytes);
}
