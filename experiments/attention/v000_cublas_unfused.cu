// attention/v000_cublas_unfused — the vendor baseline (see the kernel file).
#include "harness/core/registry.h"
#include "kernels/attention/v000_cublas_unfused.cuh"

FUSELAB_EXPERIMENT(attention, v000_cublas_unfused) {
  namespace k = fuselab::kernels::attention::v000;
  fuselab::Limits lim;
  lim.pe = {fuselab::PeKind::None};
  lim.causal = true;
  lim.gqa = true;
  lim.cross = true;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline: what a user gets from cuBLAS without fusion. Two strided-batched FP32 SGEMMs
          (pedantic math: no TF32) around a one-warp-per-row softmax kernel; S = B*Hq*Sq*Sk
          floats round-trips through global memory. At seq <= 64 the GEMMs are 4-16 CTAs (m = n
          = 64 per batch) streaming K = D: at D = 2048 each CTA does 64*64*2048 = 8.4 M FMA at
          well under one SM's 128 FMA/clk, so ~20-50 us, plus three launches (~2-3 us each) on a
          chip that is nearly idle.)")
      .prediction(fuselab::at_most_us(60.0, {"b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("softmax_rows", (const void*)&k::softmax_rows_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
