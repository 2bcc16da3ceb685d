// attention/v037_three_phase1_blocks_per_sm — v032 with phase 1 at three blocks per SM (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v037_three_phase1_blocks_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v037_three_phase1_blocks_per_sm) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v032_direct_o_stores")
      .hypothesis(
          "Phase 1 at D = 16384 issues on 33 % of cycles with 3.7 warps per scheduler, stalled "
          "4.0 cycles per instruction on loads and 2.0 on barriers (ncu, v034's phase 1 = "
          "v030's loop). v036 showed that more bytes requested ahead do not help: the loads' "
          "data is not late for lack of requests, each warp simply waits. Three blocks per SM "
          "(80 registers, no spills; 3 x 75 KB of shared memory) give six warps per scheduler "
          "to cover those waits: phase 1 ~20 % faster if it is latency-bound, ~3 us at "
          "D = 16384 and ~1.5 us at 8192, 1.05x over v032 at both. If DRAM is what limits "
          "the phase, no change.")
      .prediction(fuselab::faster_than("attention/v032_direct_o_stores", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_3_per_sm",
              (const void*)a::v037::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v037::launch, &a::v037::workspace_bytes);
}
