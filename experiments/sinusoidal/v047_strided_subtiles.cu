// sinusoidal/v047_strided_subtiles — v041's PE on attention v038 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v047_strided_subtiles.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v047_strided_subtiles) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v038 deals phase 1's sub-tiles out strided, so a head's blocks read one "
          "contiguous run of every row at each step, predicted 1.05x over v032 at D = 8192 and "
          "16384 if DRAM row locality limits phase 1. The PE is unchanged: the same 1.05x over "
          "v041 at both (~40 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_strided",
              (const void*)a::v038::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v047::launch, &a::v038::workspace_bytes);
}
