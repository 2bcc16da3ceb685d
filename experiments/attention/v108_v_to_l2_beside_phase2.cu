// attention/v108_v_to_l2_beside_phase2 — v103 with phase 3's blocks resident beside phase 2's, each sending its V to L2 as it begins (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v108_v_to_l2_beside_phase2.cuh"

FUSELAB_EXPERIMENT(attention, v108_v_to_l2_beside_phase2) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "With the largest shared-memory carveout phase 3's blocks became resident from 18.3 us "
          "(v107's timeline, 2347Z, D = 16384) but passed their wait for P no sooner (24.6 us), "
          "idle while DRAM had little to move between phase 1's end (~21.6) and phase 3's V "
          "copies. Here phases 2 and 3 take that carveout (phase 1 keeps its own: rope neox lost "
          "5-7 % with it, v122), so phase 3's blocks join phase 2's once every phase-2 block has "
          "begun, and each sends its own V to L2 (one bulk prefetch per key row) before its wait. "
          "About 3 us of DRAM time at ~2.5 TB/s moves ~40 % of V before the copies go out; if "
          "those copies then land ~2 us sooner and phase 2 loses ~1 us to the prefetches queued "
          "on its SMs (v092 lost 3.3 us issuing them from phase 2's own blocks), the end moves "
          "~1 us: 1.02x over v103 at D = 16384 (~37.8 us), and at 8192, where all of V fits in "
          "L2 (v105 gained 3 % there), 1.02x too (~24.6 us).")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered_max_shared",
              (const void*)&a::v050::row_softmax_kernel<true, a::v106::MaxSharedRows>)
      .kernel("row_softmax_16_in_flight_coherent_max_shared",
              (const void*)&a::v050::row_softmax_kernel<false, a::v106::MaxSharedRows>)
      .kernel("pv_wgmma_fp16_split_p_copied_first_v_to_l2_first", (const void*)a::v108::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v108::launch, &a::v108::workspace_bytes);
}
