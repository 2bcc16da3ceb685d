// attention/v097_phase1_pooled_tail — v082 with the last quarter of phase 1's sub-tiles handed out as blocks free up (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v097_phase1_pooled_tail.cuh"

FUSELAB_EXPERIMENT(attention, v097_phase1_pooled_tail) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "v082's timeline (1107Z, 1358Z): phase 1's 256 blocks do the same work and begin together, "
          "yet end from 16.8 to 20.9 us at D = 16384 (median 18.8; 8 sub-tiles of ~2.3 us a block) "
          "and from 8.7 to 12.2 at 8192 (4 sub-tiles), and phase 2 waits for the last. If the spread "
          "is DRAM serving blocks unevenly, handing the last quarter of every range out from a count "
          "per head as blocks free up ends phase 1 within about half a sub-tile of its median: ~1.3 "
          "us earlier at 16384 and ~0.9 at 8192. v089 and v093 showed that what follows phase 1 does "
          "not always move with it (V landed at the same time when asked for earlier), so half of "
          "that: 1.015x over v082 at D = 8192 and 16384 (~40.4 and ~26.3 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.015, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_pooled_tail",
              (const void*)a::v097::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<true, a::v097::EmptyPool>)
      .kernel("row_softmax_16_in_flight_coherent_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<false, a::v097::EmptyPool>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v097::launch, &a::v097::workspace_bytes);
}
