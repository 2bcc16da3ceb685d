// sinusoidal/v045_qk_rows_in_l2 — v041's PE on attention v036 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v045_qk_rows_in_l2.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v045_qk_rows_in_l2) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v036 requests each phase-1 block's Q and K rows into L2 at its start, "
          "predicted 1.04x over v032 at D = 8192 and 16384. The PE runs on the same loads, "
          "now from L2: the same 1.04x over v041 at both (~40.5 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_qk_in_l2",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit, a::v017::PartialsOut, true>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v045::launch, &a::v036::workspace_bytes);
}
