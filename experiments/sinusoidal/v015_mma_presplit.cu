// sinusoidal/v015_mma_presplit — v014 on attention v010 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v015_mma_presplit.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v015_mma_presplit) {
  namespace a = fuselab::kernels::attention::v007;
  namespace o = fuselab::kernels::attention::v010;
  namespace k = fuselab::kernels::sinusoidal::v007;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("sinusoidal/v014_mma_interleaved")
      .hypothesis(
          "Attention v010's once-per-element operand split (phase 1 issue-latency-bound on "
          "re-loaded, re-split shared operands) with the PE applied in that same pass, so the "
          "PE's sincosf costs no extra shared-memory round trip. Expect the attention gain "
          "(~1.3x over v014 at D = 8192 and 16384) and the PE's cost over attention v010 to "
          "fall below v014's ~30 % over its attention base.")
      .prediction(fuselab::faster_than("sinusoidal/v014_mma_interleaved", 1.25,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("presplit_sin", (const void*)o::kernel<k::SinSplitPe>)
      .launch(&fuselab::kernels::sinusoidal::v015::launch, &a::workspace_bytes);
}
