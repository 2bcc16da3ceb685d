// rope/v061_separate_split_d — v000's rotation pass, then attention v039 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope/v061_separate_split_d.cuh"

FUSELAB_EXPERIMENT(rope, v061_separate_split_d) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::rope;
  return fuselab::Experiment{}
      .parent("rope/v000_separate")
      .hypothesis(
          "v000 against the fused versions mixed two changes: the rotation moved into "
          "attention, and v001's row kernel replaced by the split-D phases. This baseline keeps "
          "v000's rotation pass and runs v050's own attention (v039) after it, so v050 against "
          "it is what fusion gains on one design. The pass reads Q and K and writes Q' and K': "
          "67 MB at 1x4x64x16384 (~23 us at the 3.0 TB/s copy ceiling), 33.5 MB at 8192 (~11 "
          "us), 8.4 MB at 2048 (~3 us), plus ~1-2 us for one more launch; phase 1 may take "
          "back up to ~2 us reading Q' and K' from L2. Expected: ~67 / ~42 / ~20 us (neox) "
          "against v050's ~44.5 / ~29 / ~15.5, at least 1.3x slower at D = 2048, 8192, 16384.")
      .prediction(fuselab::slower_than("rope/v050_lean_phase3_prologue", 1.3,
                                       {"b1_h4_s64_d2048_neox", "b1_h4_s64_d8192_neox", "b1_h4_s64_d16384_neox"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::RopeInterleaved, fuselab::PeKind::RopeNeox}, 8,
                                                   a::v002::kS))
      .kernel("rope_qk_neox", (const void*)&k::v000::rope_qk_kernel<true>)
      .kernel("rope_qk_inter", (const void*)&k::v000::rope_qk_kernel<false>)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&k::v061::launch, &k::v061::workspace_bytes);
}
