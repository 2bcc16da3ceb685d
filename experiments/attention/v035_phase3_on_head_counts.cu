// attention/v035_phase3_on_head_counts — v034 with phase 3 launched as phase 1 begins, waiting on per-head counts (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v035_phase3_on_head_counts.cuh"

FUSELAB_EXPERIMENT(attention, v035_phase3_on_head_counts) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v034_scores_summed_in_l2")
      .hypothesis(
          "In v034 phase 3 launches only when phase 1's last block exits; its blocks then fetch "
          "P's sums and their first V steps (~1-2 us of DRAM latency) while the SMs freed by "
          "phase 1's earlier blocks idle. Triggering the launch as each phase-1 block begins, "
          "and waiting per head on a count of phase-1 blocks still adding, lets phase-3 blocks "
          "take SMs as they free up, with their V in flight while phase 1 finishes. Expect "
          "~1.5 us less: 1.04x over v034 at D = 2048, 8192 and 16384.")
      .prediction(fuselab::faster_than("attention/v034_scores_summed_in_l2", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("zero_sums", (const void*)&a::v034::zero_sums_kernel)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_counted_sums",
              (const void*)a::v034::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles, true>)
      .kernel("pv_wgmma_direct_o_mask_split_softmax_of_counted_sums", (const void*)a::v034::kPhase3<true, false, true>)
      .kernel("pv_tuned_softmax_of_counted_sums", (const void*)&a::v034::pv_tuned_kernel<true>)
      .launch(&a::v035::launch, &a::v035::workspace_bytes);
}
