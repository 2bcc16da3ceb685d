// sinusoidal/v098_pack_beside_flash — v097's PE on attention v084 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v098_pack_beside_flash.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v098_pack_beside_flash) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v097_flash_fp16_split")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue (v097: 497.5 us in call 0927Z). Attention "
          "v084 changes only when the pack runs (beside the flash kernel instead of before it), so "
          "v098 should gain what v084 gains. Predicted 1.12x over v097 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v097_flash_fp16_split", 1.12, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_ahead_k_sin_reduced", (const void*)a::v084::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_fp16_after_pack_q_sin_reduced", (const void*)a::v084::kPackedKernel<k::v016::Pe>)
      .launch(&k::v098::launch, &a::v084::workspace_bytes);
}
