// rope/v118_p_loads_then_barrier — v060's rotation on attention v102 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v118_p_loads_then_barrier.cuh"

FUSELAB_EXPERIMENT(rope, v118_p_loads_then_barrier) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v114_p_loads_before_v")
      .hypothesis(
          "Attention v102 puts a barrier between phase 3's P loads and its V copies, so that every "
          "warp's P is asked for before any V of its block (probe p_read: P then lands within 0.7 "
          "us instead of ~6.3 behind V), predicted 1.04x over v082 at D = 8192 and 16384. The "
          "rotation is all in phase 1, which is unchanged: the same 1.04x over v099, neox, at both "
          "(~26.4 and ~41.9 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.04,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_fetched_first_barrier", (const void*)a::v102::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v118::launch, &a::v102::workspace_bytes);
}
