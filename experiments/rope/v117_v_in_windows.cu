// rope/v117_v_in_windows — v060's rotation on attention v101 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v117_v_in_windows.cuh"

FUSELAB_EXPERIMENT(rope, v117_v_in_windows) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v101 asks for phase 3's V in windows of half a step, P right after the first, "
          "so that P waits behind ~4 MB of V instead of ~17 MB and step 0's products and O's "
          "stores run while step 1 lands, predicted 1.02x over v082 at D = 8192 and 16384. The "
          "rotation is all in phase 1, which is unchanged: the same 1.02x over v099, neox, at both "
          "(~26.9 and ~42.6 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.02,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_v_in_half_step_windows", (const void*)a::v101::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v117::launch, &a::v101::workspace_bytes);
}
