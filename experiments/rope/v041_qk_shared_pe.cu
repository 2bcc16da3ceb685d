// rope/v041_qk_shared_pe — v040 with one sin/cos evaluation for Q and K at the same position (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v041_qk_shared_pe.cuh"

FUSELAB_EXPERIMENT(rope, v041_qk_shared_pe) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope::v008;
  namespace fk = fuselab::kernels;
  constexpr auto kReduced = fk::Sincos::kReduced;
  using Neox = fk::QkShared<fk::FreqInL1<k::RopeSplitPe<true, kReduced>>>;
  using Inter = fk::QkShared<fk::FreqInL1<k::RopeSplitPe<false, kReduced>>>;
  return fuselab::Experiment{}
      .parent("rope/v040_tma_mask_split")
      .hypothesis(
          "ncu at D = 16384: v040's TMA phase 1 takes 28.3 us (neox) against 20.1 for attention "
          "v031's; inv_freq in L1 did not change it, so the cost is the rotation's own work, "
          "4.2 M sin/cos pairs and their instructions. A thread holds Q's and K's low and high "
          "float4s at the same (row, dims); in self-attention both rows sit at one position, "
          "so one evaluation serves both: ~4 us less under ncu, ~3 us cold at D = 16384 neox, "
          "1.06x over v040 (~45 us, the target).")
      .prediction(fuselab::faster_than("rope/v040_tma_mask_split", 1.06, {"b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::with_reduced_sincos(fuselab::experiments::split_d_limits(
          {fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8, a::v002::kS)))
      .kernel("tma_scores_rope_neox_reduced_mask_split_qk_shared", (const void*)&a::v027::tma_scores_kernel<Neox, a::v030::kSplit>)
      .kernel("tma_scores_rope_inter_reduced_mask_split_qk_shared", (const void*)&a::v027::tma_scores_kernel<Inter, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::rope::v041::launch, &a::v031::workspace_bytes);
}
