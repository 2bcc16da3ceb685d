// attention/v092_v_to_l2_after_phase1 — v082 with V sent to L2 by phase 2's blocks once phase 1 is complete (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v092_v_to_l2_after_phase1.cuh"

FUSELAB_EXPERIMENT(attention, v092_v_to_l2_after_phase1) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "The split-D timeline at D = 16384 has phase 1's reads over at 20.9 us and phase 3 "
          "putting V in flight only at 24.0, with V's arrival setting the end (38.5 us). v089 read "
          "V during phase 1's tail and its last blocks ran 2.8 us longer. Phase 2's blocks here "
          "send V to L2 right after their wait for phase 1, 2.6 us before phase 3 could. If DRAM "
          "has that stretch free, V lands and phase 3 ends ~2.6 us earlier; halved for what v089 "
          "showed DRAM does between the phases: predicted 1.03x over v082 at D = 8192 and 16384 "
          "(~26.1 and ~39.6 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.03, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_v_to_l2",
              (const void*)&a::v050::row_softmax_kernel<true, a::v092::VToL2>)
      .kernel("row_softmax_16_in_flight_coherent_v_to_l2", (const void*)&a::v050::row_softmax_kernel<false, a::v092::VToL2>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v092::launch, &a::v092::workspace_bytes);
}
