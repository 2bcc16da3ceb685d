// sinusoidal/v041_direct_o_stores — v040 on attention v032 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v041_direct_o_stores.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v041_direct_o_stores) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v040_register_qk_shared_pe")
      .hypothesis(
          "Attention v032 stores phase 3's O straight from the accumulators (one barrier per "
          "step, no staging), predicted 1.03x over v030 at D = 8192 and 16384. Phase 3 carries "
          "no PE: the same 1.03x over v040 at both.")
      .prediction(fuselab::faster_than("sinusoidal/v040_register_qk_shared_pe", 1.03,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v041::launch, &a::v032::workspace_bytes);
}
