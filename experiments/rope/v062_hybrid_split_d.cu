// rope/v062_hybrid_split_d — K rotated by its own pass, Q in attention v039's phase 1 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v062_hybrid_split_d.cuh"

FUSELAB_EXPERIMENT(rope, v062_hybrid_split_d) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  using Neox = fuselab::kernels::QOnly<k::v008::RopeSplitPe<true, fuselab::kernels::Sincos::kReduced>>;
  using Inter = fuselab::kernels::QOnly<k::v008::RopeSplitPe<false, fuselab::kernels::Sincos::kReduced>>;
  return fuselab::Experiment{}
      .parent("rope/v061_separate_split_d")
      .hypothesis(
          "The study's winner, the hybrid (v007), on the split-D design: K rotated by its own "
          "pass, Q as it lands in v039's phase 1. Against v061 it drops the Q half of the "
          "separate pass: 2|Q| bytes, 33.5 MB at 1x4x64x16384 (~11 us at the copy ceiling), "
          "16.8 MB at 8192 (~5.6 us). Expected ~55 / ~36 us against v061's ~67 / ~42 (neox): at "
          "least 1.15x faster at D = 8192 and 16384. It still moves 2|K| bytes more than the "
          "fully fused v050, so it should stay slower than v050.")
      .prediction(fuselab::faster_than("rope/v061_separate_split_d", 1.15,
                                       {"b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("rope_k_neox", (const void*)&k::v000::rope_qk_kernel<true>)
      .kernel("rope_k_inter", (const void*)&k::v000::rope_qk_kernel<false>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_q_only_mask_split",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_q_only_mask_split",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&k::v062::launch, &k::v062::workspace_bytes);
}
