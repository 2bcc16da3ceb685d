// sinusoidal/v124_softmax_in_phase1 — v058's PE on attention v111 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v124_softmax_in_phase1.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v124_softmax_in_phase1) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v116_p_by_async_copies")
      .hypothesis(
          "Attention v111 lets phase 1's blocks take the softmax rows after a counting barrier per "
          "head, in place of phase 2's launch: one grid release and phase 2's start fewer between "
          "phase 1's last block and phase 3 (3.3 us in v103's timeline at D = 16384), predicted "
          "1.02x over v103 at D = 8192 and 16384. The PE is all in phase 1 before its partials, "
          "unchanged: the same 1.02x over v116 at both (~24.7 and ~37.7 us; 60 % of the copy "
          "ceiling at 16384 is ~37.3).")
      .prediction(fuselab::faster_than("sinusoidal/v116_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v124::launch, &a::v111::workspace_bytes);
}
