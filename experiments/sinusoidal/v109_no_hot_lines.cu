// sinusoidal/v109_no_hot_lines — v058's PE on attention v096 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v109_no_hot_lines.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v109_no_hot_lines) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v106_softmax_in_phase3")
      .hypothesis(
          "Attention v096 takes v093's head barrier and P off lines that a whole head reads "
          "(barrier words on their own lines, P in 16 copies), predicted 1.03x over v093 at D = "
          "8192 and 16384. The PE is all in phase 1, which is unchanged: the same 1.03x over v106 "
          "at both (~26.5 and ~40.1 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v106_softmax_in_phase3", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows_no_hot_lines", (const void*)a::v096::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v109::launch, &a::v096::workspace_bytes);
}
