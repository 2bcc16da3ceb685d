// sinusoidal/v113_p_copies_then_v — v058's PE on attention v100 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v113_p_copies_then_v.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v113_p_copies_then_v) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v112_v_after_every_p")
      .hypothesis(
          "Attention v100 reads phase 3's P from 16 copies (4 readers a line instead of 64), so "
          "that P lands ~1 us after its loads instead of ~4 and V, put in flight once every block "
          "has P, goes out ~2.9 us earlier than in v099: predicted 1.015x over v082 at D = 8192 and "
          "16384. The PE is all in phase 1, which is unchanged: the same 1.015x over v096 at both "
          "(~26.4 and ~40.5 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.015, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_p_copies",
              (const void*)&a::v050::row_softmax_kernel<true, a::v100::CopyRowOfP>)
      .kernel("row_softmax_16_in_flight_coherent_p_copies",
              (const void*)&a::v050::row_softmax_kernel<false, a::v100::CopyRowOfP>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copies_then_v", (const void*)a::v100::kPhase3)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v113::launch, &a::v100::workspace_bytes);
}
