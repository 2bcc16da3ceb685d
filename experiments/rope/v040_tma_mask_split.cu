// rope/v040_tma_mask_split — v018's rotation on attention v031, inv_freq in L1 first (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v040_tma_mask_split.cuh"

FUSELAB_EXPERIMENT(rope, v040_tma_mask_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  constexpr auto kReduced = fuselab::kernels::Sincos::kReduced;
  using Neox = fuselab::kernels::FreqInL1<k::RopeSplitPe<true, kReduced>>;
  using Inter = fuselab::kernels::FreqInL1<k::RopeSplitPe<false, kReduced>>;
  return fuselab::Experiment{}
      .parent("rope/v038_tf32_mask_split")
      .hypothesis(
          "v038's neox costs +4.4 % over its interleaved pairing at D = 16384 (46.19 against "
          "44.26 us), the register loader's paired path (8 rows x 64 bytes per load, rows "
          "spread over quarter-warps). On the TMA ring a neox sub-tile is two boxes per "
          "tensor and a thread rotates the pairs at one landed offset, so neox costs what "
          "interleaved does; with the frequencies in L1 first (the TMA path's largest PE "
          "stall) and the masked split (attention v031), expect neox at D = 16384 1.04x over "
          "v038 (~44.4 us, under the 45 us target).")
      .prediction(fuselab::faster_than("rope/v038_tf32_mask_split", 1.04, {"b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("tma_scores_rope_neox_reduced_mask_split_freq_in_l1", (const void*)&a::v027::tma_scores_kernel<Neox, a::v030::kSplit>)
      .kernel("tma_scores_rope_inter_reduced_mask_split_freq_in_l1", (const void*)&a::v027::tma_scores_kernel<Inter, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v040::launch, &a::v031::workspace_bytes);
}
