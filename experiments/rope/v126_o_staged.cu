// rope/v126_o_staged — v060's rotation on attention v110 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v126_o_staged.cuh"

FUSELAB_EXPERIMENT(rope, v126_o_staged) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v119_p_by_async_copies")
      .hypothesis(
          "Attention v110 stages phase 3's O in shared memory and stores it as float4 row pieces "
          "instead of single floats from the accumulators, a quarter of the warp stores at the "
          "pipeline's end (v109's bulk copies made that end 1.9 us longer, timeline 0015Z), "
          "predicted 1.01x over v103 at D = 8192 and 16384. Phase 3 has no rotation: the same "
          "1.01x over v119, neox, at both (~26.2 and ~41.0 us).")
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
      .kernel("pv_wgmma_staged_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v110::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v126::launch, &a::v110::workspace_bytes);
}
