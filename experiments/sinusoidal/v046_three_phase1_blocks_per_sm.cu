// sinusoidal/v046_three_phase1_blocks_per_sm — v041's PE on attention v037 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v046_three_phase1_blocks_per_sm.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v046_three_phase1_blocks_per_sm) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v037 runs phase 1 at three blocks per SM (six warps per scheduler), "
          "predicted 1.05x over v032 at D = 8192 and 16384 if phase 1 is latency-bound. The PE "
          "adds issue work to the same phase, which more warps also cover: 1.05x over v041 at "
          "both (~40 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.05, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared_3_per_sm",
              (const void*)a::v037::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v046::launch, &a::v037::workspace_bytes);
}
