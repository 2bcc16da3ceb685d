// sinusoidal/v049_phase3_four_steps — v048's PE on attention v040 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v049_phase3_four_steps.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v049_phase3_four_steps) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v048_lean_phase3_prologue")
      .hypothesis(
          "Attention v040 runs phase 3 at one block per SM with four steps each, so V's reads "
          "overlap O's stores, predicted 1.04x over v039 at D = 16384. Phase 3 carries no PE: "
          "the same 1.04x over v048 there (~41 us).")
      .prediction(fuselab::faster_than("sinusoidal/v048_lean_phase3_prologue", 1.04, {"b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v049::launch, &a::v040::workspace_bytes);
}
