// sinusoidal/v064_flash_convert_ahead — v063's PE on attention v055 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v064_flash_convert_ahead.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v064_flash_convert_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v063_flash_wgmma")
      .hypothesis(
          "Attention v055 converts tile j + 1 while tile j's products run, predicted 1.15x "
          "over v054. Here the PE (8 reduced sin/cos pairs per thread per tile) is part of "
          "K's conversion and leaves the chain with it: v063 ran 1.29 ms against v054's 1.24, "
          "so the same 1.15x over v063 or a little more. Declared: 1.15x over v063 at "
          "8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v063_flash_wgmma", 1.15, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_convert_ahead_sin_reduced", (const void*)a::v054::kKernel<s::v016::Pe, true>)
      .launch(&s::v064::launch);
}
