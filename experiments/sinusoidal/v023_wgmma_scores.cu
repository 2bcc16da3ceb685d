// sinusoidal/v023_wgmma_scores — v017's PE on attention v017 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v023_wgmma_scores.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v023_wgmma_scores) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v020_row_softmax")
      .hypothesis(
          "Attention v017 moves phase 1's products from SIMT FMAs to wgmma (3xTF32), predicted "
          "1.25-1.3x over v014 at D >= 8192 because phase 1 is bound by issuing FMAs, not by "
          "DRAM. The PE stays in phase 1's loader and adds the same instructions as on v014, "
          "so the gain should carry over: ~40 us at D = 16384 (v020: 52.4) and ~27 us at "
          "D = 8192 (v020: 34.2).")
      .prediction(fuselab::faster_than("sinusoidal/v020_row_softmax", 1.25, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_sin_reduced", (const void*)&a::v017::partial_scores_kernel<k::Pe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v023::launch, &a::v017::workspace_bytes);
}
