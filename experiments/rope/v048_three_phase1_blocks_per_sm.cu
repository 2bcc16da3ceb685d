// rope/v048_three_phase1_blocks_per_sm — v043's rotation on attention v037 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v048_three_phase1_blocks_per_sm.cuh"

FUSELAB_EXPERIMENT(rope, v048_three_phase1_blocks_per_sm) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v043_direct_o_stores")
      .hypothesis(
          "Attention v037 runs phase 1 at three blocks per SM (six warps per scheduler), "
          "predicted 1.05x over v032 at D = 8192 and 16384 if phase 1 is latency-bound. The "
          "rotation adds issue work to the same phase, which more warps also cover: 1.05x over "
          "v043, neox, at both (~42.5 us at 16384).")
      .prediction(fuselab::faster_than("rope/v043_direct_o_stores", 1.05,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared_3_per_sm",
              (const void*)a::v037::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared_3_per_sm",
              (const void*)a::v037::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit, true>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v048::launch, &a::v037::workspace_bytes);
}
