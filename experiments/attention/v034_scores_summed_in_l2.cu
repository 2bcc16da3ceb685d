// attention/v034_scores_summed_in_l2 — v032 in two launches: the scores summed at L2, the softmax in phase 3 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v034_scores_summed_in_l2.cuh"

FUSELAB_EXPERIMENT(attention, v034_scores_summed_in_l2) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 2 sits on the critical path between phases 1 and 3 at every D: phase 3 "
          "launches only when phase 2's last block exits, and phase 2 first reads 64 partials "
          "per score (4 MB at D = 16384; 5.6 us under ncu with cold caches). Three launches "
          "cost ~5 us more than one on the 5-row fixture (v032 8.7 us, head tile v012 3.5 us), "
          "~2.6 us per seam. Adding phase 1's scores into one sum per head at L2 "
          "(red.global.add.v4.f32, 1024 reds per block) and taking the softmax in each phase-3 "
          "block (16 KB from L2, a warp per row) removes phase 2 and its seam; phase 1 "
          "launches behind a zeroing kernel as soon as it has zeroed the sums. Risk: the reds "
          "of a head's 64 blocks meet at the same 16 KB at the end of phase 1. Expect ~2 us "
          "less at every D: "
          "1.05x over v032 at D = 2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.05,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_sums_in_l2",
              (const void*)a::v034::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_sums", (const void*)a::v034::kPhase3<true, false>)
      .kernel("pv_tuned_softmax_of_sums", (const void*)&a::v034::pv_tuned_kernel<false>)
      .launch(&a::v034::launch, &a::v034::workspace_bytes);
}
