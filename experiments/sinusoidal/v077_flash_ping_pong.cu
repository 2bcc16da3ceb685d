// sinusoidal/v077_flash_ping_pong — v076's PE on attention v064 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v077_flash_ping_pong.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v077_flash_ping_pong) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v076_flash_packed_operands")
      .hypothesis(
          "Call 1828Z: v076 754.9 us, 0.8 % over attention v063 (749.0): the PE is in the "
          "pack and in Q's prologue, off the tile loop. Attention v064 changes only the tile "
          "loop (warpgroups taking turns on the tensor cores), so v077 should gain what v064 "
          "gains. Predicted 1.15x over v076 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v076_flash_packed_operands", 1.15, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_k_sin_reduced", (const void*)a::v063::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_ping_pong_q_sin_reduced", (const void*)a::v063::kPackedKernel<k::v016::Pe, true>)
      .launch(&k::v077::launch, &a::v063::workspace_bytes);
}
