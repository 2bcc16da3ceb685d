// rope/v024_wgmma_scores — v018's rotation on attention v017 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v024_wgmma_scores.cuh"

FUSELAB_EXPERIMENT(rope, v024_wgmma_scores) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v021_row_softmax")
      .hypothesis(
          "Attention v017 moves phase 1's products from SIMT FMAs to wgmma (3xTF32), predicted "
          "1.25-1.3x over v014 at D >= 8192 because phase 1 is bound by issuing FMAs, not by "
          "DRAM. The rotation stays in phase 1's loader and adds the same instructions as on "
          "v014, so the gain should carry over: ~40 us at D = 16384 (v021: 52.5) and ~26 us "
          "at D = 8192 (v021: 33.9), neox.")
      .prediction(fuselab::faster_than("rope/v021_row_softmax", 1.25, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_rope_neox_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("partial_scores_wgmma_rope_inter_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v024::launch, &a::v017::workspace_bytes);
}
