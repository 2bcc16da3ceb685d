// rope/v025_wgmma_scores_two_ahead — v018's rotation on attention v018 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v025_wgmma_scores_two_ahead.cuh"

FUSELAB_EXPERIMENT(rope, v025_wgmma_scores_two_ahead) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v024_wgmma_scores")
      .hypothesis(
          "Attention v018 loads phase 1's sub-tiles two ahead (v017's wgmma phase 1 waits on "
          "its loads: long scoreboard 6.9 cycles per instruction), predicted 1.3x over v017 at "
          "D >= 8192. The rotation is applied to each sub-tile as it lands, one step later "
          "than on v017 but the same work: ~40 us at D = 16384 and ~26 us at D = 8192, neox.")
      .prediction(fuselab::faster_than("rope/v024_wgmma_scores", 1.25, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_two_ahead_rope_neox_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, a::v018::kAhead>)
      .kernel("partial_scores_wgmma_two_ahead_rope_inter_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, a::v018::kAhead>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v025::launch, &a::v018::workspace_bytes);
}
