// sinusoidal/v096_pv_fp16_split — v058's PE on attention v082 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v096_pv_fp16_split.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v096_pv_fp16_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v095_phase1_fp16_split")
      .hypothesis(
          "Attention v082 takes phase 3's products as 3xFP16 too, predicted 1.02x over v081 at "
          "D = 8192 and 16384: they wait for P and run on the chain's last stretch, unlike phase "
          "1's. The PE is all in phase 1: the same 1.02x over v095 at both (~40.9 and ~26.5 us).")
      .prediction(fuselab::faster_than("sinusoidal/v095_phase1_fp16_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v096::launch, &a::v082::workspace_bytes);
}
