// sinusoidal/v114_v_in_windows — v058's PE on attention v101 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v114_v_in_windows.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v114_v_in_windows) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v101 asks for phase 3's V in windows of half a step, P right after the first, "
          "so that P waits behind ~4 MB of V instead of ~17 MB and step 0's products and O's "
          "stores run while step 1 lands, predicted 1.02x over v082 at D = 8192 and 16384. The PE "
          "is all in phase 1, which is unchanged: the same 1.02x over v096 at both (~26.2 and "
          "~40.2 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_v_in_half_step_windows", (const void*)a::v101::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v114::launch, &a::v101::workspace_bytes);
}
