// sinusoidal/v079_flash_two_score_chains — v078's PE on attention v066 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v079_flash_two_score_chains.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v079_flash_two_score_chains) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v078_flash_big_q_in_registers")
      .hypothesis(
          "The PE sits in the pack and in Q's prologue (v078: 710.6 us against attention "
          "v065's 709.9 in call 1844Z). Attention v066 changes only how the score products "
          "accumulate, so v079 should gain what v066 gains. Predicted 1.05x over v078 at "
          "8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v078_flash_big_q_in_registers", 1.05, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_k_sin_reduced", (const void*)a::v063::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_two_score_chains_q_sin_reduced",
              (const void*)a::v063::kPackedKernel<k::v016::Pe, true, true, true>)
      .launch(&k::v079::launch, &a::v063::workspace_bytes);
}
