// sinusoidal/v115_p_loads_then_barrier — v058's PE on attention v102 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v115_p_loads_then_barrier.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v115_p_loads_then_barrier) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v111_p_loads_before_v")
      .hypothesis(
          "Attention v102 puts a barrier between phase 3's P loads and its V copies, so that every "
          "warp's P is asked for before any V of its block (probe p_read: P then lands within 0.7 "
          "us instead of ~6.3 behind V), predicted 1.04x over v082 at D = 8192 and 16384. The PE "
          "is all in phase 1, which is unchanged: the same 1.04x over v096 at both (~25.7 and "
          "~39.5 us; issue 4's targets are 20 and 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.04, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_fetched_first_barrier", (const void*)a::v102::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v115::launch, &a::v102::workspace_bytes);
}
