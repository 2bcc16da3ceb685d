// rope/v023_cluster_partials_one_wave — v018's rotation on attention v016 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v023_cluster_partials_one_wave.cuh"

FUSELAB_EXPERIMENT(rope, v023_cluster_partials_one_wave) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v022_cluster_partials")
      .hypothesis(
          "Attention v016 sums phase 1's partials in clusters whose grid fits on the device in "
          "one wave (v015's clusters of 8 did not), predicted ~1 us under v014 at every "
          "D >= 2048. The rotation is applied in phase 1's loader, apart from that change: "
          "~15 us at D = 2048 (v021, on v014: 16.0), neox.")
      .prediction(fuselab::faster_than("rope/v021_row_softmax", 1.05, {"b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_8x8_cluster_rope_neox_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, true>)
      .kernel("partial_scores_8x8_cluster_rope_inter_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, true>)
      .kernel("partial_scores_8x8_rope_neox_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("partial_scores_8x8_rope_inter_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v023::launch, &a::v016::workspace_bytes);
}
