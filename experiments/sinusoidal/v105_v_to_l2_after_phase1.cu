// sinusoidal/v105_v_to_l2_after_phase1 — v058's PE on attention v092 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v105_v_to_l2_after_phase1.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v105_v_to_l2_after_phase1) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal::v040;
  return fuselab::Experiment{}
      .parent("sinusoidal/v096_pv_fp16_split")
      .hypothesis(
          "Attention v092 sends V to L2 from phase 2's blocks right after phase 1 is complete, "
          "2.6 us before phase 3 could put it in flight (timeline, calls 1107Z-1126Z), predicted "
          "1.03x over v082 at D = 8192 and 16384. The PE is all in phase 1, which ends as before: "
          "the same 1.03x over v096 at both (~26.3 and ~39.8 us; issue 4's target at 16384 is 40 us).")
      .prediction(fuselab::faster_than("sinusoidal/v096_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::with_reduced_sincos(
          fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS)))
      .kernel("partial_scores_wgmma_row_loads_padded_sin_reduced_fp16_split_qk_shared_triggered",
              (const void*)a::v081::kPhase1<k::Pe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_v_to_l2",
              (const void*)&a::v050::row_softmax_kernel<true, a::v092::VToL2>)
      .kernel("row_softmax_16_in_flight_coherent_v_to_l2", (const void*)&a::v050::row_softmax_kernel<false, a::v092::VToL2>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&fuselab::kernels::sinusoidal::v105::launch, &a::v092::workspace_bytes);
}
