// sinusoidal/v104_discard_partials — v058's PE on attention v091 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v104_discard_partials.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v104_discard_partials) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v091 discards phase 1's partial score tiles from L2 once phase 2 has read "
          "them, so that phase 3, bound by DRAM at D = 16384, does not write them back (~2.6 MB, "
          "~1 us), predicted 1.02x over v082 there. The PE does not touch the tiles: the same "
          "1.02x over v096 at D = 16384 (~40.1 us against issue 4's 40).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.02, {"b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_discard",
              (const void*)&a::v050::row_softmax_kernel<true, a::v091::DiscardPartials>)
      .kernel("row_softmax_16_in_flight_coherent_discard", (const void*)&a::v050::row_softmax_kernel<false, a::v091::DiscardPartials>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v104::launch, &a::v091::workspace_bytes);
}
