// sinusoidal/v106_softmax_in_phase3 — v058's PE on attention v093 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v106_softmax_in_phase3.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v106_softmax_in_phase3) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v093 takes phase 2's softmax in phase 3's blocks, which then put V in flight "
          "at ~21.5 us instead of 24.0 at D = 16384, predicted 1.03x over v082 at D = 8192 and "
          "16384. The PE is all in phase 1, which is unchanged: the same 1.03x over v096 at both "
          "(~26.4 and ~39.7 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_softmax_rows", (const void*)a::v093::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v106::launch, &a::v093::workspace_bytes);
}
