// sinusoidal/v035_softmax_loads_in_flight — v034 on attention v029 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v035_softmax_loads_in_flight.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v035_softmax_loads_in_flight) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v017;
  return fuselab::Experiment{}
      .parent("sinusoidal/v034_wgmma_v_two_ahead")
      .hypothesis(
          "Attention v029 loads all 16 of a thread's phase-2 partials before adding them, "
          "predicted ~1.5 us less at D = 8192 and 16384. Phase 2 carries no PE: the same "
          "gain over v034, 1.03x at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v034_wgmma_v_two_ahead", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v035::launch, &a::v029::workspace_bytes);
}
