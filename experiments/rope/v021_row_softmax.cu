// rope/v021_row_softmax — v018's rotation on attention v014 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v021_row_softmax.cuh"

FUSELAB_EXPERIMENT(rope, v021_row_softmax) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  return fuselab::Experiment{}
      .parent("rope/v020_register_tiled_split_d")
      .hypothesis(
          "Attention v014 changes only phases 2 and 3 of v013 (a softmax phase with four times "
          "the blocks and a quarter of each thread's chain; v006's phase 3 where v013's leaves "
          "SMs idle), predicted ~1.1x at D = 2048 and ~1.05x at D = 8192. The rotation lives in "
          "phase 1, which is unchanged, so v020 (v013 + rotation) should gain the same: ~17 us "
          "at D = 2048 (v020: 18.5) and ~32.5 us at D = 8192 (v020: 34.2), neox.")
      .prediction(fuselab::faster_than("rope/v020_register_tiled_split_d", 1.05, {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_8x8_rope_neox_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<true, kReduced>>)
      .kernel("partial_scores_8x8_rope_inter_reduced", (const void*)&a::v013::partial_scores_kernel<k::RopeSplitPe<false, kReduced>>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v021::launch, &a::v014::workspace_bytes);
}
