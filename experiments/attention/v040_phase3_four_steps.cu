// attention/v040_phase3_four_steps — v039 with phase 3 at one block per SM, four steps each at D = 16384 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v040_phase3_four_steps.cuh"

FUSELAB_EXPERIMENT(attention, v040_phase3_four_steps) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(
          "v039 took a quarter of phase 3's instructions off and its time did not move (ncu "
          "17.9 us at D = 16384, issue 23 %, long-scoreboard 5.9 per instruction): phase 3 "
          "waits on memory. Each of its 256 blocks loads both V steps at once, computes, then "
          "stores, all in step, so DRAM reads V (16.7 MB) and then writes O (16.7 MB) with "
          "little overlap. One block per SM with four steps and V two ahead reads steps 2 and "
          "3 while 0 and 1 are computed and stored, half of V in flight at the start (8.4 MB, "
          "above what DRAM needs). Expect phase 3 ~3 us faster under ncu, 1.04x over v039 at "
          "D = 16384. At 8192 (two steps a block, half the blocks) it may lose.")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.04, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v040::launch, &a::v040::workspace_bytes);
}
