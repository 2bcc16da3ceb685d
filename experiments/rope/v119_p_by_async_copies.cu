// rope/v119_p_by_async_copies — v060's rotation on attention v103 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v119_p_by_async_copies.cuh"

FUSELAB_EXPERIMENT(rope, v119_p_by_async_copies) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v103 fetches phase 3's P by cp.async ahead of V instead of by loads into "
          "registers, which hold V's copies back in the SM's queue (timeline 1725Z: with P made in "
          "shared memory phase 3 ends 1.7-1.9 us sooner), predicted 1.02x over v082 at D = 8192 and "
          "16384. The rotation is all in phase 1, which is unchanged: the same 1.02x over v099, "
          "neox, at both (~26.9 and ~42.6 us).")
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
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v119::launch, &a::v103::workspace_bytes);
}
