// attention/v105_v_to_l2_p_by_copies — v103 with v089's phase 1 (V sent to L2 by phase 1's blocks as they end; see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v105_v_to_l2_p_by_copies.cuh"

FUSELAB_EXPERIMENT(attention, v105_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "v089 (each phase-1 block sends a share of V to L2 as it ends) gained 1.036x over v082 at "
          "D = 8192, where every tensor fits in L2, and lost 0.4 % at 16384, where its reads took "
          "DRAM time from phase 1's last blocks. v082's phase 3 waited on P, which landed behind V; "
          "v103's waits on V (timeline 1728Z at 8192: V's only step lands at 19.7 us, median block, "
          "1.3 us after P), so V found in L2 should shorten it more than it did v082's: predicted "
          "1.03x over v103 at D = 8192 (~24.5 us). At 16384 phase 1's loss should stay; no gain is "
          "declared there.")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.03, {"b1_h4_s64_d8192"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v105::launch, &a::v105::workspace_bytes);
}
