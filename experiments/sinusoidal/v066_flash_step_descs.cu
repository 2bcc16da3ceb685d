// sinusoidal/v066_flash_step_descs — v063's PE on attention v057 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v066_flash_step_descs.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v066_flash_step_descs) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v065_flash_lean")
      .hypothesis(
          "Attention v057 forms its wgmma descriptors once (static code 2160 -> 1944 "
          "instructions), predicted 1.1x over v056. The PE's conversion work is untouched, "
          "so the same saving on a slightly longer tile: 1.08x over v065 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v065_flash_lean", 1.08, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_step_descs_sin_reduced", (const void*)a::v054::kKernel<s::v016::Pe, false, true, true>)
      .launch(&s::v066::launch);
}
