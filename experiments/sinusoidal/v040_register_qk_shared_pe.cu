// sinusoidal/v040_register_qk_shared_pe — v036 with one PE evaluation for Q and K at the same position (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v040_register_qk_shared_pe) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v036_tf32_mask_split")
      .hypothesis(
          "On the TMA ring one PE evaluation for Q and K (v039) took phase 1 from 25.9 to 24.1 us "
          "under ncu at D = 16384. v036's register loader also gives each thread Q and K at the "
          "same rows and dims, and its PE costs +4.8 % over attention v030 at D = 16384 (run "
          "0839: 43.65 against 41.66 us); half the PE work should take about half of that: "
          "1.02x over v036 at D = 8192 and 16384.")
      .prediction(fuselab::faster_than("sinusoidal/v036_tf32_mask_split", 1.02, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_mask_split_qk_shared",
              (const void*)&a::v017::partial_scores_kernel<k::Pe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_v_two_ahead_mask_split", (const void*)&a::v028::pv_kernel<a::v030::kSplit>)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v040::launch, &a::v030::workspace_bytes);
}
