// rope/v031_wgmma_pv_register_a — v018's rotation on attention v024 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v031_wgmma_pv_register_a.cuh"

FUSELAB_EXPERIMENT(rope, v031_wgmma_pv_register_a) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v029_wgmma_row_loads_padded")
      .hypothesis(
          "Attention v024 gives phase 3 wgmma products with V^T from registers and v013's "
          "traffic, predicted ~1.12x over v022 at D = 16384. Phase 3 carries no rotation, so "
          "the same gain should carry over: 1.08x over v029 at D >= 8192, neox (~45.5 us at "
          "D = 16384).")
      .prediction(fuselab::faster_than("rope/v029_wgmma_row_loads_padded", 1.08, {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_rope_neox_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<true, kReduced>, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("partial_scores_wgmma_row_loads_padded_rope_inter_reduced",
              (const void*)&a::v017::partial_scores_kernel<k::RopeSplitPe<false, kReduced>, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma_register_a", (const void*)&a::v024::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v031::launch, &a::v024::workspace_bytes);
}
