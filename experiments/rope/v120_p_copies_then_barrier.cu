// rope/v120_p_copies_then_barrier — v060's rotation on attention v104 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v120_p_copies_then_barrier.cuh"

FUSELAB_EXPERIMENT(rope, v120_p_copies_then_barrier) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v104 puts a barrier between phase 3's P copies and its V copies, so that no "
          "warp's V goes ahead of another warp's P; it gains only where a late P holds a step's "
          "products (a few tenths of a us), predicted 1.01x over v103 at D = 8192 and 16384. The "
          "rotation is all in phase 1, which is unchanged: the same 1.01x over v119, neox, at both "
          "(~26.4 and ~40.6 us).")
      .prediction(fuselab::faster_than("rope/v119_p_by_async_copies", 1.01,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first_barrier", (const void*)a::v104::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v120::launch, &a::v104::workspace_bytes);
}
