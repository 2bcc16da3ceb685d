// rope/v039_freq_in_l1 — v037 with each phase-1 block's inv_freq range pulled into L1 first (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v039_freq_in_l1.cuh"

FUSELAB_EXPERIMENT(rope, v039_freq_in_l1) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  using Neox = fuselab::kernels::FreqInL1<k::RopeSplitPe<true, kReduced>>;
  using Inter = fuselab::kernels::FreqInL1<k::RopeSplitPe<false, kReduced>>;
  return fuselab::Experiment{}
      .parent("rope/v037_softmax_loads_in_flight")
      .hypothesis(
          "The ncu source page of sinusoidal v033 puts 26 % of its stall samples on the first "
          "use of each sub-tile's inv_freq load (an L1 miss per 32-dim sub-tile, on the "
          "block's critical path); the rotation reads inv_freq the same way. Pulling the "
          "block's inv_freq range into L1 at its start should take most of the rotation's "
          "cost away: v037 (neox) costs ~6-9 % over attention v029 at D >= 8192, so 1.04x over "
          "v037 at D = 8192 and 16384, neox (~46 us at 16384).")
      .prediction(fuselab::faster_than("rope/v037_softmax_loads_in_flight", 1.04,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_freq_in_l1",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_freq_in_l1",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead", (const void*)&a::v028::pv_kernel<>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v039::launch, &a::v029::workspace_bytes);
}
