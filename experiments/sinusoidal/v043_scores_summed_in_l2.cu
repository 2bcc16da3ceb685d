// sinusoidal/v043_scores_summed_in_l2 — v041's PE on attention v034 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v043_scores_summed_in_l2.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v043_scores_summed_in_l2) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v034 drops phase 2 and its launch seam (phase 1's scores summed at L2, the "
          "softmax in phase 3), predicted ~2 us less at every D, 1.05x over v032. The PE is in "
          "phase 1 and unchanged: the same 1.05x over v041 at D = 2048, 8192 and 16384 "
          "(~39.5 us at 16384, under the 40 us target).")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.05,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_sums_in_l2",
              (const void*)a::v034::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_sums", (const void*)a::v034::kPhase3<true, false>)
      .kernel("pv_tuned_softmax_of_sums", (const void*)&a::v034::pv_tuned_kernel<false>)
      .launch(&fuselab::kernels::sinusoidal::v043::launch, &a::v034::workspace_bytes);
}
