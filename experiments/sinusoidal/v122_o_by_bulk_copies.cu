// sinusoidal/v122_o_by_bulk_copies — v058's PE on attention v109 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v122_o_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v122_o_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v116_p_by_async_copies")
      .hypothesis(
          "Attention v109 sends phase 3's O by bulk copies of whole query rows from shared "
          "memory instead of single-float stores from the accumulators, so that the stores left "
          "after a block's last V step take fewer instructions (v103's timeline, 2359Z: a block is "
          "done 1.5-1.7 us after its last step lands), predicted 1.015x over v103 at D = 8192 and "
          "16384. Phase 3 has no PE: the same 1.015x over v116 at both (~25.1 and ~38.1 us).")
      .prediction(fuselab::faster_than("sinusoidal/v116_p_by_async_copies", 1.015,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_o_by_bulk_copies", (const void*)a::v109::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v122::launch, &a::v109::workspace_bytes);
}
