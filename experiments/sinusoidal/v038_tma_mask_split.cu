// sinusoidal/v038_tma_mask_split — v017's PE on attention v031, inv_freq in L1 first (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v038_tma_mask_split.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v038_tma_mask_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v038;
  return fuselab::Experiment{}
      .parent("sinusoidal/v036_tf32_mask_split")
      .hypothesis(
          "v033 (the PE on v027's TMA phase 1) lost 0.93-0.96x to the register loader: its "
          "source page puts 26 % of the stall samples on the inv_freq load each sub-tile's PE "
          "issues right after the tile lands. Here that range is in L1 before the first tile, "
          "and the split is masked (attention v031, predicted 1.03x over v030). If the "
          "frequency load was the TMA path's PE cost, the PE costs here what it costs on the "
          "register loader: 1.03x over v036 at D = 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v036_tf32_mask_split", 1.03, {"b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("tma_scores_sin_reduced_mask_split_freq_in_l1", (const void*)&a::v027::tma_scores_kernel<k::Pe, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v038::launch, &a::v031::workspace_bytes);
}
