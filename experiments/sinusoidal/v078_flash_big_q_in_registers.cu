// sinusoidal/v078_flash_big_q_in_registers — v077's PE on attention v065 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v078_flash_big_q_in_registers.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v078_flash_big_q_in_registers) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v077_flash_ping_pong")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue, off the tile loop (v076: 0.8 % over "
          "attention v063 in call 1828Z). Attention v065 changes only where Q's two parts "
          "live for the score products, so v078 should gain what v065 gains. Predicted 1.04x "
          "over v077 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v077_flash_ping_pong", 1.04, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_k_sin_reduced", (const void*)a::v063::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_big_q_in_registers_q_sin_reduced",
              (const void*)a::v063::kPackedKernel<k::v016::Pe, true, true>)
      .launch(&k::v078::launch, &a::v063::workspace_bytes);
}
