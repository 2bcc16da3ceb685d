// sinusoidal/v004_cached_freq (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v004_cached_freq.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v004_cached_freq) {
  namespace k = fuselab::kernels::sinusoidal::v004;
  return fuselab::Experiment{}
      .parent("sinusoidal/v003_on_the_fly")
      .hypothesis(R"(
          Stage inv_freq in shared memory once per block instead of an L1-hit LDG per element:
          removes one load of ~36 instructions per element and the L1 pressure it adds beside
          the K stream. Expect a small gain, >= 1.0x (the study measured none to slightly
          negative).)")
      .prediction(fuselab::faster_than("sinusoidal/v003_on_the_fly", 1.0, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("row_kernel_cachedfreq_nv2", fuselab::experiments::row_kernel_nv2<k::CachedFreqPe>())
      .launch(&k::launch);
}
