// sinusoidal/v020_row_softmax — v017's PE on attention v014 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v020_row_softmax.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v020_row_softmax) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v019_register_tiled_split_d")
      .hypothesis(
          "Attention v014 changes only phases 2 and 3 of v013 (a softmax phase with four times "
          "the blocks and a quarter of each thread's chain; v006's phase 3 where v013's leaves "
          "SMs idle), predicted ~1.1x at D = 2048 and ~1.05x at D = 8192. The PE lives in "
          "phase 1, which is unchanged, so v019 (v013 + PE) should gain the same: ~17 us at "
          "D = 2048 (v019: 18.6) and ~33 us at D = 8192 (v019: 34.7).")
      .prediction(fuselab::faster_than("sinusoidal/v019_register_tiled_split_d", 1.05, {"b1_h4_s64_d2048", "b1_h4_s64_d8192"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_8x8_sin_reduced", (const void*)&a::v013::partial_scores_kernel<k::Pe>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v020::launch, &a::v014::workspace_bytes);
}
