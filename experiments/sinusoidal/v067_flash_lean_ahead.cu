// sinusoidal/v067_flash_lean_ahead — v063's PE on attention v058 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v067_flash_lean_ahead.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v067_flash_lean_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v066_flash_step_descs")
      .hypothesis(
          "Attention v058 keeps two operand sets on v057 (one barrier a tile, the conversion "
          "under the products), predicted 1.1x over v057. K's conversion carries the PE here, "
          "so more of the tile moves under the products: 1.1x over v066 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v066_flash_step_descs", 1.1, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_lean_ahead_sin_reduced", (const void*)a::v054::kKernel<s::v016::Pe, true, true, true>)
      .launch(&s::v067::launch);
}
