// sinusoidal/v118_v_to_l2_p_by_copies — v058's PE on attention v105 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v118_v_to_l2_p_by_copies.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v118_v_to_l2_p_by_copies) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v116_p_by_async_copies")
      .hypothesis(
          "Attention v105 puts v089's phase 1 (V sent to L2 as each block ends) under v103's phase "
          "3, which waits on V rather than on P, predicted 1.03x over v103 at D = 8192, where every "
          "tensor fits in L2. The PE is all in phase 1, whose products and loads are unchanged: the "
          "same 1.03x over v116 at 8192 (~24.9 us); no gain is declared at 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v116_p_by_async_copies", 1.03,
                                       {"b1_h4_s64_d8192"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v118::launch, &a::v105::workspace_bytes);
}
