// sinusoidal/v110_phase1_pooled_tail — v058's PE on attention v097 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v110_phase1_pooled_tail.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v110_phase1_pooled_tail) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v097 hands the last quarter of phase 1's sub-tiles out from a count per head as "
          "blocks free up, predicted 1.015x over v082 at D = 8192 and 16384: phase 1's identical "
          "blocks end up to 4 us apart. The PE is applied as each sub-tile lands, whichever block "
          "takes it: the same 1.015x over v096 at both (~40.5 and ~26.4 us; issue 4's target at "
          "16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.015, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_pooled_tail",
              (const void*)a::v097::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<true, a::v097::EmptyPool>)
      .kernel("row_softmax_16_in_flight_coherent_empty_pool",
              (const void*)&a::v050::row_softmax_kernel<false, a::v097::EmptyPool>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v110::launch, &a::v097::workspace_bytes);
}
