// sinusoidal/v025_wgmma_scores_and_pv — v017's PE on attention v019 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v025_wgmma_scores_and_pv.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v025_wgmma_scores_and_pv) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v024_wgmma_scores_two_ahead")
      .hypothesis(
          "Attention v019 moves phase 3 (O = P V, no PE) from SIMT FMAs to wgmma, predicted "
          "~7 us less at D = 16384 and ~3.5 us at D = 8192 than v018 (1.2x / 1.15x). The PE "
          "is in phase 1, unchanged, so the same gain should carry over: 1.15x over v024 at "
          "D >= 8192.")
      .prediction(fuselab::faster_than("sinusoidal/v024_wgmma_scores_two_ahead", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_two_ahead_sin_reduced", (const void*)&a::v017::partial_scores_kernel<k::Pe, a::v018::kAhead>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v025::launch, &a::v019::workspace_bytes);
}
