// sinusoidal/v037_freq_in_l1 — v035 with each phase-1 block's inv_freq range pulled into L1 first (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v037_freq_in_l1.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v037_freq_in_l1) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v037;
  return fuselab::Experiment{}
      .parent("sinusoidal/v035_softmax_loads_in_flight")
      .hypothesis(
          "The ncu source page of sinusoidal v033 (TMA phase 1) puts 26 % of its stall samples on "
          "the first use of the inv_freq load that each sub-tile's PE issues: 16 new frequencies "
          "per 32-dim sub-tile, an L1 miss every time, on the block's critical path. v035's "
          "register loader applies the PE the same way. If that round trip, not the sin/cos, is "
          "what the PE costs, pulling the block's 64-512 bytes of inv_freq into L1 at its start "
          "takes most of the PE's cost away: v035 costs ~4 % over attention v029 at D >= 8192, "
          "so 1.03x over v035 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v035_softmax_loads_in_flight", 1.03,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_freq_in_l1",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v037::launch, &a::v029::workspace_bytes);
}
