// sinusoidal/v063_flash_wgmma — v016's PE on attention v054's flash kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v063_flash_wgmma.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v063_flash_wgmma) {
  namespace a = fuselab::kernels::attention;
  namespace s = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v006_vec4_sincosf")
      .hypothesis(
          "At 8x16x1024x128 the family's best is the study's row kernel (v006: 58.4 ms; "
          "PyTorch eager SDPA with the PE 1.63 ms): one block per query row adds the PE to all "
          "of its head's keys, 1024 times per key. Attention v054 (predicted <= 1000 us) "
          "streams each head's K once per 128 query rows; adding the PE there costs a block "
          "8 reduced sin/cos pairs per thread per 32-key tile (~80 instructions against ~350 "
          "of the tile's other SIMT work, which the tensor work mostly outweighs): ~5 % over "
          "v054. Declared: at most 1100 us cold at 8x16x1024x128.")
      .prediction(fuselab::at_most_us(1100, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("flash_wgmma_sin_reduced", (const void*)a::v054::kKernel<s::v016::Pe>)
      .launch(&s::v063::launch);
}
