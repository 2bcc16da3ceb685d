// sinusoidal/v048_lean_phase3_prologue — v041's PE on attention v039 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v048_lean_phase3_prologue.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v048_lean_phase3_prologue) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v041_direct_o_stores")
      .hypothesis(
          "Attention v039 trims phase 3's prologue (V addresses stepped, P split by masking), "
          "predicted 1.03x over v032 at D = 8192 and 16384. Phase 3 carries no PE: the same "
          "1.03x over v041 at both (~41.4 us at 16384).")
      .prediction(fuselab::faster_than("sinusoidal/v041_direct_o_stores", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v048::launch, &a::v039::workspace_bytes);
}
