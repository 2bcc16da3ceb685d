// attention/v095_softmax_in_phase3_p_before_v — v093 with V put in flight only once P is in shared memory (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v095_softmax_in_phase3_p_before_v.cuh"

FUSELAB_EXPERIMENT(attention, v095_softmax_in_phase3_p_before_v) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v093_softmax_in_phase3")
      .hypothesis(
          "v093's blocks stored their rows of P by 23.2-26.9 us at D = 16384 but passed the head "
          "barrier only at 30.6-31.3: thread 0's atomic and polls queued behind the block's 64 KB "
          "of V requests, and P's loads behind them (P in shared memory at 33.5; timeline 1358Z). "
          "With V put in flight only after P is in shared memory (v094's order), rows, barrier and "
          "P take ~3 us from phase 1's end, P is there by ~24.5 us, and V is requested ~0.5 us "
          "before v094's would be. Expected near v094, which is predicted ~1 us under v082 where "
          "v093 ran 0.5-0.7 over it: 1.04x over v093 at D = 8192 and 16384 (~26.2 and ~39.7 us).")
      .prediction(fuselab::faster_than("attention/v093_softmax_in_phase3", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows_p_before_v", (const void*)a::v095::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v095::launch, &a::v095::workspace_bytes);
}
