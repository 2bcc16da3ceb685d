// rope/v027_wgmma_row_loads — v018's rotation on attention v020 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v027_wgmma_row_loads.cuh"

FUSELAB_EXPERIMENT(rope, v027_wgmma_row_loads) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v024_wgmma_scores")
      .hypothesis(
          "Attention v020 gives phase 1 a loader whose warp-wide loads cover whole rows (neox: "
          "8 rows x 64 bytes of each half per instruction instead of 32 rows x 32 bytes), "
          "predicted 1.15x or more over v017 at D >= 8192 if the loads' throughput limits "
          "phase 1. The rotation is applied per landed pair of float4s as before: 1.15x over "
          "v024, neox.")
      .prediction(fuselab::faster_than("rope/v024_wgmma_scores", 1.15, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_rope_neox_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::RowQkSubTiles>)
      .kernel("partial_scores_wgmma_row_loads_rope_inter_reduced", (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::RowQkSubTiles>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v027::launch, &a::v020::workspace_bytes);
}
