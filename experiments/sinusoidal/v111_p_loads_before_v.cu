// sinusoidal/v111_p_loads_before_v — v058's PE on attention v098 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v111_p_loads_before_v.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v111_p_loads_before_v) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v098 issues phase 3's P loads ahead of its V, so that P no longer lands behind "
          "V and the products of a step can run as its V lands, predicted 1.03x over v082 at D = "
          "8192 and 16384 (the phase-3 probe: ~4 us with P off the chain). The PE is all in phase "
          "1, which is unchanged: the same 1.03x over v096 at both (~26 and ~39.9 us; issue 4's "
          "target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_fetched_first", (const void*)a::v098::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v111::launch, &a::v098::workspace_bytes);
}
