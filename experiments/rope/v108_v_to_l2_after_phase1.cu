// rope/v108_v_to_l2_after_phase1 — v060's rotation on attention v092 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v108_v_to_l2_after_phase1.cuh"

FUSELAB_EXPERIMENT(rope, v108_v_to_l2_after_phase1) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v092 sends V to L2 from phase 2's blocks right after phase 1 is complete, "
          "2.6 us before phase 3 could put it in flight (timeline, calls 1107Z-1126Z), predicted "
          "1.03x over v082 at D = 8192 and 16384. The rotation is all in phase 1: the same 1.03x "
          "over v099, neox, at both (~27.5 and ~42.2 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.03,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_v_to_l2",
              (const void*)&a::v050::row_softmax_kernel<true, a::v092::VToL2>)
      .kernel("row_softmax_16_in_flight_coherent_v_to_l2", (const void*)&a::v050::row_softmax_kernel<false, a::v092::VToL2>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v108::launch, &a::v092::workspace_bytes);
}
