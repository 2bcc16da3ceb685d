// sinusoidal/v112_v_after_every_p — v058's PE on attention v099 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v112_v_after_every_p.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v112_v_after_every_p) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v111_p_loads_before_v")
      .hypothesis(
          "Attention v099 puts no V in flight until every phase-3 block has P in shared memory (one "
          "grid barrier), so that the products of a step run as its V lands, predicted 1.02x over "
          "v098 at D = 8192 and 16384. The PE is all in phase 1, which is unchanged: the same 1.02x "
          "over v111 at both (~27.4 and ~40.4 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v111_p_loads_before_v", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_v_after_every_p", (const void*)a::v099::kPhase3)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v112::launch, &a::v099::workspace_bytes);
}
