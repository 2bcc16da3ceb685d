// attention/v099_v_after_every_p — v098 with no V in flight until every phase-3 block has P (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v099_v_after_every_p.cuh"

FUSELAB_EXPERIMENT(attention, v099_v_after_every_p) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v098_p_loads_before_v")
      .hypothesis(
          "v098 issued P's loads ahead of each block's V and P still landed late (median 30.9 us, "
          "last 33.9 at D = 16384, call 1545Z): the other block of the SM and the other SMs had "
          "their V in flight first. With P made in shared memory, phase 3 after a read of Q and K "
          "runs ~4 us faster (probe, 1535Z and 1545Z). v094 showed V issued ~5 us late landing "
          "about when v082's did. So: every block loads P, then all meet at one grid barrier, and "
          "only then is V put in flight. If P is everywhere by ~27 us and V lands as before (~33 "
          "and ~35), the products of step 0 run while step 1 lands and the end comes ~1 us earlier "
          "at 16384 (~0.5 at 8192). Declared: 1.02x over v098 at D = 8192 and 16384 (~27.4 and "
          "~40.3 us).")
      .prediction(fuselab::faster_than("attention/v098_p_loads_before_v", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_v_after_every_p", (const void*)a::v099::kPhase3)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v099::launch, &a::v099::workspace_bytes);
}
