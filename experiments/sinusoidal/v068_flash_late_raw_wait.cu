// sinusoidal/v068_flash_late_raw_wait — v063's PE on attention v059 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v068_flash_late_raw_wait.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v068_flash_late_raw_wait) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v067_flash_lean_ahead")
      .hypothesis(
          "Attention v059 waits for the next raw tile behind the score products, keeping "
          "v058's one barrier a tile without its exposed request, predicted 1.08x over v057. "
          "The PE rides in K's conversion as before: 1.08x over v066 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v066_flash_step_descs", 1.08, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_late_raw_wait_sin_reduced",
              (const void*)a::v054::kKernel<s::v016::Pe, true, true, true, true>)
      .launch(&s::v068::launch);
}
