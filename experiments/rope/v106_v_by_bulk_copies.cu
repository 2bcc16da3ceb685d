// rope/v106_v_by_bulk_copies — v060's rotation on attention v090 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v106_v_by_bulk_copies.cuh"

FUSELAB_EXPERIMENT(rope, v106_v_by_bulk_copies) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v099_pv_fp16_split")
      .hypothesis(
          "Attention v090 lands phase 3's V by bulk copies instead of cp.async, whose issue held "
          "phase 3's threads past P's completion and read V at ~1.5 TB/s (timeline, calls 1107Z and "
          "1116Z), predicted 1.05x over v082 at D = 8192 and 16384. The rotation is all in phase 1: "
          "the same 1.05x over v099, neox, at both (~27.1 and ~41.5 us).")
      .prediction(fuselab::faster_than("rope/v099_pv_fp16_split", 1.05,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Neox, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<Inter, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_fp16_split_v_bulk_copies_coherent_p", (const void*)a::v090::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v106::launch, &a::v090::workspace_bytes);
}
