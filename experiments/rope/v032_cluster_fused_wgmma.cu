// rope/v032_cluster_fused_wgmma — v018's rotation on attention v025 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v032_cluster_fused_wgmma.cuh"

FUSELAB_EXPERIMENT(rope, v032_cluster_fused_wgmma) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v031_wgmma_pv_register_a")
      .hypothesis(
          "Attention v025 runs v024's products in one launch with a cluster per head, DSMEM "
          "for the partials and P, and V prefetched into L2 during phase 1; predicted 1.2x "
          "over v024 at D = 2048, 8192 and 16384. Each Q and K element is still rotated once, "
          "as it lands, and the split stores keep v031's 2-way conflicts for the paired layout, "
          "so the rotation should cost what it costs in v031 (~9 %): 1.2x over v031 at the "
          "same shapes, neox (~40 us at D = 16384).")
      .prediction(fuselab::faster_than("rope/v031_wgmma_pv_register_a", 1.2,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("fused_cluster_wgmma_rope_neox_reduced", (const void*)&a::v025::fused_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("fused_cluster_wgmma_rope_inter_reduced", (const void*)&a::v025::fused_kernel<k::RopeSplitPe<false, kReduced>>)
      .launch(&fuselab::kernels::rope::v032::launch);
}
