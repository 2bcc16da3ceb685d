// sinusoidal/v102_v_to_l2_as_phase1_ends — v058's PE on attention v089 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v102_v_to_l2_as_phase1_ends.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v102_v_to_l2_as_phase1_ends) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v089 sends V to L2 from phase 1's blocks as they end, so that phase 3 finds it "
          "there instead of reading it from DRAM after phase 2 (timeline, call 1107Z), predicted "
          "1.10x over v082 at D = 8192 and 16384. The PE is all in phase 1 and does not move its "
          "end: the same 1.10x over v096 at both (~24.5 and ~37.5 us; issue 4's target at 16384 "
          "is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.10, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v102::launch, &a::v089::workspace_bytes);
}
