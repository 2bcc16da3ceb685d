// sinusoidal/v065_flash_lean — v063's PE on attention v056 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v065_flash_lean.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v065_flash_lean) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v063_flash_wgmma")
      .hypothesis(
          "Attention v056 takes ~25 % of v054's instructions off each tile (conversion "
          "addresses, masks, exponentials, rescales), predicted 1.2x. The PE's reduced "
          "sin/cos in K's conversion stays, a slightly larger share of what is left: 1.18x "
          "over v063 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v063_flash_wgmma", 1.18, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_lean_sin_reduced", (const void*)a::v054::kKernel<s::v016::Pe, false, true>)
      .launch(&s::v065::launch);
}
