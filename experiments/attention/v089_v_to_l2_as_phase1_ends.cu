// attention/v089_v_to_l2_as_phase1_ends — v082 with V sent to L2 by phase 1's blocks as they end (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v089_v_to_l2_as_phase1_ends.cuh"

FUSELAB_EXPERIMENT(attention, v089_v_to_l2_as_phase1_ends) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v082_pv_fp16_split")
      .hypothesis(
          "The split-D timeline (probe, call 1107Z) shows v082's phase 3 reading V from DRAM only "
          "after 24 us at D = 16384: its blocks begin as phase 2 ends, issuing V's copies holds "
          "them until ~31 us, and V's second step lands at ~35 us (last block done at 38.5), while "
          "through phase 1's tail (blocks end 16.8-20.9 us) and the seams (to 24 us) DRAM has "
          "little to do. Each phase-1 block here sends its share of V to L2 as it ends. If ~10 of "
          "V's 16.8 MB are in L2 by 24 us and the rest by ~28, phase 3 ends ~30 us (P ready ~25.5, "
          "then two steps of products and stores): ~7 us off. Discounted by half for the reads "
          "slowing phase 1's last blocks and for the write-back V's lines still force: predicted "
          "1.10x over v082 at D = 8192 and 16384 (~24.5 and ~37 us).")
      .prediction(fuselab::faster_than("attention/v082_pv_fp16_split", 1.10, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_fp16_split_triggered_v_to_l2",
              (const void*)a::v089::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("row_softmax_16_in_flight_coherent_triggered", (const void*)&a::v050::row_softmax_kernel<true>)
      .kernel("row_softmax_16_in_flight_coherent", (const void*)&a::v050::row_softmax_kernel<false>)
      .kernel("pv_wgmma_direct_o_fp16_split_lean_prologue_coherent_p", (const void*)a::v082::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v089::launch, &a::v089::workspace_bytes);
}
