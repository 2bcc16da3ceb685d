// rope/v029_wgmma_row_loads_padded — v018's rotation on attention v022 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v029_wgmma_row_loads_padded.cuh"

FUSELAB_EXPERIMENT(rope, v029_wgmma_row_loads_padded) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v027_wgmma_row_loads")
      .hypothesis(
          "Attention v022 keeps v020's rows-per-warp loads and removes its store conflicts, "
          "predicted 1.06-1.09x over v017 at D >= 8192. With the paired (neox) loader a "
          "quarter-warp holds 2 rows x 4 float4s, 2-way conflicts remain in its stores; the "
          "rotation is applied per landed pair as on v024: 1.06x over v024, neox.")
      .prediction(fuselab::faster_than("rope/v024_wgmma_scores", 1.06, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_row_loads_padded_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v029::launch, &a::v022::workspace_bytes);
}
