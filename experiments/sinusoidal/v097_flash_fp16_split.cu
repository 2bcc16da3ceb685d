// sinusoidal/v097_flash_fp16_split — v079's PE on attention v083 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v097_flash_fp16_split.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v097_flash_fp16_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v079_flash_two_score_chains")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue (v079: 717.5 us against attention v066's "
          "715.0). Attention v083 changes only the parts the products take (fp16 instead of "
          "tf32) and the packed set's size, so v097 should gain what v083 gains. Predicted "
          "1.25x over v079 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v079_flash_two_score_chains", 1.25, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_fp16_k_sin_reduced", (const void*)a::v083::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_fp16_q_sin_reduced", (const void*)a::v083::kPackedKernel<k::v016::Pe>)
      .launch(&k::v097::launch, &a::v083::workspace_bytes);
}
