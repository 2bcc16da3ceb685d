// attention/v111_softmax_in_phase1 — v103 in two launches: phase 1's blocks take the softmax rows after a barrier per head (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v111_softmax_in_phase1.cuh"

FUSELAB_EXPERIMENT(attention, v111_softmax_in_phase1) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v103_p_by_async_copies")
      .hypothesis(
          "v103's timeline at D = 16384 (2347Z, 2359Z) has 3.3 us from phase 1's last block to "
          "phase 3's first copy of P: ~0.6 us until phase 2's blocks pass their grid wait, ~1.9 us "
          "of phase 2, ~0.6 us until phase 3's blocks begin. Probe resident_chain (0243Z) put a "
          "counting barrier of a head's 64 resident blocks at 0.0-0.8 us over none. Here phase 1's "
          "blocks meet per head, take the head's softmax rows themselves and leave; phase 3, "
          "launched as phase 1 begins, becomes resident as they leave. That removes one grid "
          "release and phase 2's own start (~1 us) and brings phase 3's V copies ~1 us earlier. "
          "Phase 3 ends when V has arrived, so if half of it shows: 1.02x over v103 at D = 8192 and "
          "16384 (~24.4 and ~37.2 us).")
      .prediction(fuselab::faster_than("attention/v103_p_by_async_copies", 1.02,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v111::launch, &a::v111::workspace_bytes);
}
