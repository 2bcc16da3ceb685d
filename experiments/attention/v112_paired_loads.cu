// attention/v112_paired_loads — v111 with phase 1 reading Q and K as rope neox does, no rotation: a diagnostic (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v112_paired_loads.cuh"

FUSELAB_EXPERIMENT(attention, v112_paired_loads) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 8, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v111_softmax_in_phase1")
      .hypothesis(
          "A diagnostic. Rope neox runs 41.0-41.3 us at 1x4x64x16384 against interleaved's 38.4-39.1 "
          "(v127, 0249Z and 0305Z) with the same bytes and sin/cos per element, and whole-line loads "
          "(rope v128) did not close it. What is left: neox's phase 1 reads every row in two places "
          "half a row apart (16 low dims and the same 16 high dims a sub-tile), interleaved's in one, "
          "and neox rotates across the two. Here attention reads Q and K as neox does and rotates "
          "nothing. If the reads are the cause, it loses what neox loses to interleaved (~7 %): "
          "declared at least 1.04x slower than v111 at D = 16384 (~39.4 us or more against ~37.9). "
          "If it runs as v111, the gap is the rotation's.")
      .prediction(fuselab::slower_than("attention/v111_softmax_in_phase1", 1.04, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_spread_pairs_paired_no_pe_fp16_split_triggered_head_barrier_rows",
              (const void*)a::v111::kPhase1<a::v112::PairedNoPe, a::v020::SpreadRowQkSubTiles>)
      .kernel("partial_scores_wgmma_spread_pairs_paired_no_pe_fp16_split_triggered",
              (const void*)a::v081::kPhase1<a::v112::PairedNoPe, a::v020::SpreadRowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_p_copied_first", (const void*)a::v103::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v112::launch, &a::v111::workspace_bytes);
}
