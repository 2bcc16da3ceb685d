// sinusoidal/v103_v_by_bulk_copies — v058's PE on attention v090 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v103_v_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v103_v_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v090 lands phase 3's V by bulk copies instead of cp.async, whose issue held "
          "phase 3's threads past P's completion and read V at ~1.5 TB/s (timeline, calls 1107Z and "
          "1116Z), predicted 1.05x over v082 at D = 8192 and 16384. The PE is all in phase 1: the "
          "same 1.05x over v096 at both (~25.9 and ~39.3 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_v_bulk_copies_coherent_p", (const void*)a::v090::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v103::launch, &a::v090::workspace_bytes);
}
