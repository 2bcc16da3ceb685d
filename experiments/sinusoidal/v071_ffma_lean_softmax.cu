// sinusoidal/v071_ffma_lean_softmax — v069's PE on attention v062 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v071_ffma_lean_softmax.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v071_ffma_lean_softmax) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v070_ffma_two_per_sm")
      .hypothesis(
          "Attention v062 takes the per-block softmax in base 2 with one reciprocal per row, "
          "predicted 1.06x over v061 at D = 2048. The softmax does not touch the PE, so the "
          "same instructions come off v070's chain: 1.05x over v070 at D = 2048.")
      .prediction(fuselab::faster_than("sinusoidal/v070_ffma_two_per_sm", 1.05, {"b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::Sinusoidal}, a::v060::kUnit<a::v061::kVDims>, a::v060::kS)))
      .kernel("ffma_head_barrier_v32_lean_softmax_sin_reduced",
              (const void*)a::v060::kKernel<k::v016::Pe, a::v061::kVDims, true>)
      .launch(&k::v071::launch, &a::v060::workspace_bytes);
}
