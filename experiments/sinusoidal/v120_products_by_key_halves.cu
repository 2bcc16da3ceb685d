// sinusoidal/v120_products_by_key_halves — v058's PE on attention v107 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v120_products_by_key_halves.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v120_products_by_key_halves) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v119_max_shared_carveout")
      .hypothesis(
          "Attention v107 runs each phase-3 step's products in two halves, the first as its first "
          "32 keys of V land, so that about half of the last step's products leaves the end of the "
          "pipeline (v103's timeline, 1728Z: a block is done 1.5-1.8 us after its last V step "
          "lands), predicted 1.01x over v106 at D = 8192 and 16384. Phase 3 has no PE: the same "
          "1.01x over v119 at both.")
      .prediction(fuselab::faster_than("sinusoidal/v119_max_shared_carveout", 1.01,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered_max_shared",
              (const void*)a::v107::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_products_by_key_halves", (const void*)a::v107::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v120::launch, &a::v107::workspace_bytes);
}
