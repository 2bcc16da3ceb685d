// sinusoidal/v044_phase3_on_head_counts — v043's PE on attention v035 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v044_phase3_on_head_counts.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v044_phase3_on_head_counts) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v043_scores_summed_in_l2")
      .hypothesis(
          "Attention v035 launches phase 3 as phase 1 begins, each phase-3 block waiting on its "
          "head's count, predicted 1.04x over v034. The PE is in phase 1 and unchanged: the same "
          "1.04x over v043 at D = 2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v043_scores_summed_in_l2", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_counted_sums",
              (const void*)a::v034::kPhase1<k::Pe, a::v020::RowQkSubTiles, true>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_counted_sums", (const void*)a::v034::kPhase3<true, false, true>)
      .kernel("pv_tuned_softmax_of_counted_sums", (const void*)&a::v034::pv_tuned_kernel<true>)
      .launch(&fuselab::kernels::sinusoidal::v044::launch, &a::v035::workspace_bytes);
}
