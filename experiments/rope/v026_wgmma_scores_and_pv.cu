// rope/v026_wgmma_scores_and_pv — v018's rotation on attention v019 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v026_wgmma_scores_and_pv.cuh"

FUSELAB_EXPERIMENT(rope, v026_wgmma_scores_and_pv) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v025_wgmma_scores_two_ahead")
      .hypothesis(
          "Attention v019 moves phase 3 (O = P V, no rotation) from SIMT FMAs to wgmma, "
          "predicted ~7 us less at D = 16384 and ~3.5 us at D = 8192 than v018 (1.2x / "
          "1.15x). The rotation is in phase 1, unchanged, so the same gain should carry over: "
          "1.15x over v025 at D >= 8192, neox.")
      .prediction(fuselab::faster_than("rope/v025_wgmma_scores_two_ahead", 1.15, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_two_ahead_rope_neox_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, a::v018::kAhead>)
      .kernel("partial_scores_wgmma_two_ahead_rope_inter_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, a::v018::kAhead>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v026::launch, &a::v019::workspace_bytes);
}
