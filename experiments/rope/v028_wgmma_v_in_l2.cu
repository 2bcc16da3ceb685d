// rope/v028_wgmma_v_in_l2 — v018's rotation on attention v021 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v028_wgmma_v_in_l2.cuh"

FUSELAB_EXPERIMENT(rope, v028_wgmma_v_in_l2) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v026_wgmma_scores_and_pv")
      .hypothesis(
          "Attention v021 brings V into L2 during phase 1 (Q and K evict-first) so that phase 3 "
          "reads it from L2, predicted ~1.1x over v019 at D = 16384. The rotation is applied in "
          "phase 1's loader and touches no memory, so the same gain should carry over: 1.08x "
          "over v026 at D >= 8192, neox.")
      .prediction(fuselab::faster_than("rope/v026_wgmma_scores_and_pv", 1.08, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_v_in_l2_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v021::EvictFirstQkSubTiles, a::v021::kPrefetchV>)
      .kernel("partial_scores_wgmma_v_in_l2_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v021::EvictFirstQkSubTiles, a::v021::kPrefetchV>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v028::launch, &a::v021::workspace_bytes);
}
