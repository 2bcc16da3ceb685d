// sinusoidal/v005_vec4_sincos (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v005_vec4_sincos.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v005_vec4_sincos) {
  namespace k = fuselab::kernels::sinusoidal::v005;
  return fuselab::Experiment{}
      .parent("sinusoidal/v004_cached_freq")
      .hypothesis(R"(
          One __sincosf per dimension pair (both outputs used) instead of one accurate sincosf
          per element: the PE cost per float4 falls from ~140 to ~12 instructions, so the fused
          kernel returns to the plain row kernel's L2-bound speed. Expect >= 1.8x over v004 at D
          = 512 and 2048. Accuracy: __sincosf's absolute error grows with |angle|; the
          long-position test case (positions ~32768) may fail 5e-5 (a result).)")
      .prediction(fuselab::faster_than("sinusoidal/v004_cached_freq", 1.8, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("row_kernel_fastpair_nv2", fuselab::experiments::row_kernel_nv2<k::PairSincosPe<fuselab::kernels::Sincos::kFast>>())
      .launch(&k::launch);
}
