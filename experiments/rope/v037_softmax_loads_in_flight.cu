// rope/v037_softmax_loads_in_flight — v036 on attention v029 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v037_softmax_loads_in_flight.cuh"

FUSELAB_EXPERIMENT(rope, v037_softmax_loads_in_flight) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v036_wgmma_v_two_ahead")
      .hypothesis(
          "Attention v029 loads all 16 of a thread's phase-2 partials before adding them, "
          "predicted ~1.5 us less at D = 8192 and 16384. Phase 2 carries no rotation: the "
          "same gain over v036, 1.03x at D = 8192 and 16384, neox (~45.6 us at 16384).")
      .prediction(fuselab::faster_than("rope/v036_wgmma_v_two_ahead", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v037::launch, &a::v029::workspace_bytes);
}
