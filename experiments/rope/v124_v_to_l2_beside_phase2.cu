// rope/v124_v_to_l2_beside_phase2 — v060's rotation on attention v108 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v124_v_to_l2_beside_phase2.cuh"

FUSELAB_EXPERIMENT(rope, v124_v_to_l2_beside_phase2) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v108 makes phase 3's blocks resident beside phase 2's (phases 2 and 3 at the "
          "largest carveout) and has each send its V to L2 before its wait for P, so that ~40 % of "
          "V moves while DRAM is otherwise idle between phase 1 and phase 3's copies, predicted "
          "1.02x over v103 at D = 8192 and 16384. The rotation is all in phase 1, which keeps its "
          "own carveout here (v122 lost 5-7 % on neox with the largest): the same 1.02x over v119, "
          "neox, at both (~25.9 and ~40.2 us).")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_v_to_l2_first", (const void*)a::v108::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v124::launch, &a::v108::workspace_bytes);
}
