// sinusoidal/v039_qk_shared_pe — v038 with one PE evaluation for Q and K at the same position (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v039_qk_shared_pe.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v039_qk_shared_pe) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v039;
  return fuselab::Experiment{}
      .parent("sinusoidal/v038_tma_mask_split")
      .hypothesis(
          "ncu at D = 16384: v038's TMA phase 1 takes 25.9 us against 20.1 for attention v031's "
          "(the same kernel without PE); inv_freq in L1 did not change it, so the cost is the "
          "PE's own work: 4.2 M sin/cos pairs (8.4 M SFU operations, ~2.7 us of the SFUs at "
          "ncu's clock) and their instructions. On the TMA ring a thread holds Q's and K's "
          "float4 at the same (row, dims); in self-attention both rows sit at one position, "
          "so one evaluation serves both: half the SFU work and half the PE instructions, "
          "~2.9 us less under ncu, ~2 us cold at D = 16384: 1.04x over v038.")
      .prediction(fuselab::faster_than("sinusoidal/v038_tma_mask_split", 1.04, {"b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("tma_scores_sin_reduced_mask_split_qk_shared", (const void*)&a::v027::tma_scores_kernel<k::Pe, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v039::launch, &a::v031::workspace_bytes);
}
