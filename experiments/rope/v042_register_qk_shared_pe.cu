// rope/v042_register_qk_shared_pe — v038 with one sin/cos evaluation for Q and K at the same position (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/qk_shared_hooks.cuh"
#include "kernels/rope/v042_register_qk_shared_pe.cuh"

FUSELAB_EXPERIMENT(rope, v042_register_qk_shared_pe) {
  namespace a = fuselab::kernels::attention;
  using Neox = fuselab::kernels::rope::SharedNeoxHook;
  using Inter = fuselab::kernels::rope::SharedInterHook;
  return fuselab::Experiment{}
      .parent("rope/v038_tf32_mask_split")
      .hypothesis(
          "v038's neox rotation costs +10.9 % over attention v030 at D = 16384 (run 0839: 46.19 "
          "against 41.66 us) and under ncu its phase 1 takes 24.9 us against 19.7 without PE. "
          "The register loader gives each thread Q's and K's low and high float4s at the same "
          "row and dims; in self-attention one sin/cos evaluation serves both, half the SFU "
          "work and half the rotation's instructions: ~2.5 us less at D = 16384, 1.05x over "
          "v038 neox (~44 us, under the 45 us target), and 1.03x at 8192.")
      .prediction(fuselab::faster_than("rope/v038_tf32_mask_split", 1.05, {"b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("partial_scores_wgmma_spread_pairs_rope_neox_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Neox, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("partial_scores_wgmma_spread_pairs_rope_inter_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<Inter, 1, a::v020::SpreadRowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v042::launch, &a::v030::workspace_bytes);
}
