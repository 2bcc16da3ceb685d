// rope/v122_max_shared_carveout — v060's rotation on attention v106 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v122_max_shared_carveout.cuh"

FUSELAB_EXPERIMENT(rope, v122_max_shared_carveout) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v106 sets every kernel of v103's pipeline to the largest shared-memory "
          "carveout, so that a phase-3 block can become resident beside phase 2's instead of "
          "after them (v103's timeline, 1728Z: phase 3 starts 23.58-24.32 us, after phase 2's "
          "end), predicted 1.01x over v103 at D = 8192 and 16384. The rotation is all in phase 1, "
          "whose code is unchanged: the same 1.01x over v119, neox, at both (~26.3 and ~40.6 us).")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered_max_shared",
              (const void*)a::v106::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered_max_shared",
              (const void*)a::v106::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first_max_shared", (const void*)a::v106::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v122::launch, &a::v106::workspace_bytes);
}
