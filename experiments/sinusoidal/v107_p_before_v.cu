// sinusoidal/v107_p_before_v — v058's PE on attention v094 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v107_p_before_v.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v107_p_before_v) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v094 loads P in phase 3 before it puts V in flight, so that P's loads queue "
          "behind no V and step 0 is taken as its V lands, predicted 1.02x over v082 at D = 8192 "
          "and 16384. The PE is all in phase 1, which is unchanged: the same 1.02x over v096 at "
          "both (~26.6 and ~40.5 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p_before_v", (const void*)a::v094::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v107::launch, &a::v094::workspace_bytes);
}
