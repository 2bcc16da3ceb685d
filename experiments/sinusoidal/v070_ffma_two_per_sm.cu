// sinusoidal/v070_ffma_two_per_sm — v069's PE on attention v061 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v070_ffma_two_per_sm.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v070_ffma_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v069_ffma_head_barrier")
      .hypothesis(
          "Attention v061 (v060 with 32-dim V items: 256 blocks at D = 2048, two per SM) is "
          "predicted 1.25x over v060 there, by raising issue from 33 % towards ~55 %. v069 "
          "ran 19.3 us at D = 2048 (1653*), 2.3 us over v060: its PE is on the chain of "
          "phase 1, which halves per block in v070 with twice the warps to hide it. Predicted: "
          "1.25x over v069 at D = 2048 (~15.4 us).")
      .prediction(fuselab::faster_than("sinusoidal/v069_ffma_head_barrier", 1.25, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::Sinusoidal}, a::v060::kUnit<a::v061::kVDims>, a::v060::kS)))
      .kernel("ffma_head_barrier_v32_sin_reduced", (const void*)a::v060::kKernel<k::v016::Pe, a::v061::kVDims>)
      .launch(&k::v070::launch, &a::v060::workspace_bytes);
}
