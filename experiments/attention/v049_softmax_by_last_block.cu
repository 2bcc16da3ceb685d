// attention/v049_softmax_by_last_block — v039 in two launches, the softmax taken by each head's last phase-1 block (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v049_softmax_by_last_block.cuh"

FUSELAB_EXPERIMENT(attention, v049_softmax_by_last_block) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(
          "On the 5-row fixture, where no phase does work, v032's three launches take ~9.3 us "
          "against ~3.5 for one: each programmatic seam costs ~2.9 us. v034 removed phase 2 but "
          "put a zeroing launch at the head of the chain (+3.8 us on the fixture) and a softmax "
          "in every phase-3 block; with both subtracted it sat at ~1.08x over v032 at D = 2048 "
          "and 1.00x at 16384. Here the workspace starts zero and each launch leaves it so, and "
          "the head's last phase-1 block takes the softmax once (~1 us: 16 KB read back from L2 "
          "and 16 KB of P). Saving the seam and phase 2's work (~3 us) against the adds (~1-2 us "
          "at L2) and that tail: ~1.5 us at every D, predicted 1.04x over v039 at D = 2048, 8192 "
          "and 16384 (~14.4, ~26.4 and ~40 us).")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.04,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split_softmax_by_last_block",
              (const void*)a::v049::kPhase1<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v049::launch, &a::v049::workspace_bytes);
}
