// sinusoidal/v076_flash_packed_operands — attention v063 with K's PE added once in the pack, Q's in the kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v076_flash_packed_operands.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v076_flash_packed_operands) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v075_flash_k_table_ahead")
      .hypothesis(
          "Attention v063 packs each K and V tile's operands once, by a pass that is bound by "
          "its bytes. Adding K's PE there (once per key, not 8 times) costs that pass nothing "
          "measurable, and Q's PE stays in the kernel's prologue (~10 us, as in the hybrid "
          "v073). So the PE's cost falls to ~1 % of attention v063, and whatever v063 gains "
          "over v059 carries over: ~810 us against v075's 951.7 (1740Z). Predicted 1.10x over "
          "v075 at 8x16x1024x128.")
      .prediction(fuselab::faster_than("sinusoidal/v075_flash_k_table_ahead", 1.10, {"b8_h16_s1024_d128"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::flash_limits({fuselab::PeKind::Sinusoidal})))
      .kernel("pack_operands_k_sin_reduced", (const void*)a::v063::kPackKernel<k::v016::Pe>)
      .kernel("flash_packed_operands_q_sin_reduced", (const void*)a::v063::kPackedKernel<k::v016::Pe>)
      .launch(&k::v076::launch, &a::v063::workspace_bytes);
}
