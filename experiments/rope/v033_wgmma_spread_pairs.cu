// rope/v033_wgmma_spread_pairs — v031 with conflict-free neox split stores (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v033_wgmma_spread_pairs.cuh"

FUSELAB_EXPERIMENT(rope, v033_wgmma_spread_pairs) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v031_wgmma_pv_register_a")
      .hypothesis(
          "v031's neox rotation costs +9.3 % over attention v024 at D = 8192 and 16384, three "
          "times the sinusoidal PE on the same phases (+2.8-3.5 %), and interleaved RoPE (the "
          "unpaired loader) costs ~5 % less than neox. The paired loader gives a quarter-warp "
          "rows r and r + 1, whose split stores into v022's padded cores overlap on 12 of 16 "
          "banks (2-way conflicts on every store); spreading the rows so a quarter-warp holds "
          "r and r + 4 makes them disjoint. Expect neox near interleaved: 1.04x over v031 at "
          "D = 8192 and 16384, neox (~45.5 us at D = 16384).")
      .prediction(fuselab::faster_than("rope/v031_wgmma_pv_register_a", 1.04,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v033::launch, &a::v024::workspace_bytes);
}
