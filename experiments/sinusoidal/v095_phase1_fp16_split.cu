// sinusoidal/v095_phase1_fp16_split — v058's PE on attention v081 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v095_phase1_fp16_split.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v095_phase1_fp16_split) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v058_early_triggers")
      .hypothesis(
          "Attention v081 takes phase 1's products as 3xFP16, half v050's tensor time at the same "
          "11 significant bits, predicted 1.03x over v050 at D = 8192 and 16384. The PE is applied "
          "in phase 1's loader before the split, apart from the products: the same 1.03x over v058 "
          "at both (~40.1 and ~26.9 us), issue 4's <= 40 us at 16384 within reach. Q and K after "
          "their PE stay within fp16's range (|x| < 65504; the PE adds at most 1).")
      .prediction(fuselab::faster_than("sinusoidal/v058_early_triggers", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue_coherent_p", (const void*)a::v050::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v095::launch, &a::v081::workspace_bytes);
}
