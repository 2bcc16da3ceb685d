// sinusoidal/v006_vec4_sincosf (mechanism: see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v006_vec4_sincosf.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v006_vec4_sincosf) {
  namespace k = fuselab::kernels::sinusoidal::v006;
  const fuselab::Limits lim = fuselab::experiments::row_kernel_limits({fuselab::PeKind::Sinusoidal}, 4);
  return fuselab::Experiment{}
      .parent("sinusoidal/v005_vec4_sincos")
      .hypothesis(
          "The accurate twin of v005: sincosf per pair (~70 instructions per float4 instead of "
          "~12). Passes at every position; costs issue slots on the K side. Expect at most 1.4x "
          "slower than v005 (factor 0.7).")
      .prediction(fuselab::faster_than("sinusoidal/v005_vec4_sincos", 0.7, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("row_kernel_accpair_nv2", (const void*)&fuselab::kernels::attention::v001::row_kernel<2, 1, 256, fuselab::kernels::sinusoidal::v005::PairSincosPe<fuselab::kernels::Sincos::kAccurate>>)
      .launch(&k::launch);
}
