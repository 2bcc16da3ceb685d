// sinusoidal/v059_separate_split_d — v000's PE pass, then attention v039 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v059_separate_split_d.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v059_separate_split_d) {
  namespace a = fuselab::kernels::attention;
  namespace k = fuselab::kernels::sinusoidal;
  return fuselab::Experiment{}
      .parent("sinusoidal/v000_separate")
      .hypothesis(
          "v000 against the fused versions mixed two changes: the PE moved into attention, and "
          "v001's row kernel replaced by the split-D phases. This baseline keeps v000's PE pass "
          "and runs v048's own attention (v039) after it, so v048 against it is what fusion "
          "gains on one design. The pass reads Q and K and writes Q' and K': 4 KB per unit of D "
          "at 1x4x64 (67 MB at D = 16384, ~23 us at the 3.0 TB/s copy ceiling; 33.5 MB at "
          "8192, ~11 us; 8.4 MB at 2048, ~3 us), plus ~1-2 us for one more launch in the chain. "
          "Phase 1 may read part of Q' and K' from L2 (all of them fit at D <= 8192), which "
          "takes back at most ~2 us. Expected: ~66 / ~41 / ~20 us at D = 16384 / 8192 / 2048 "
          "against v048's ~42 / ~28 / ~15.7, at least 1.3x slower at all three.")
      .prediction(fuselab::slower_than("sinusoidal/v048_lean_phase3_prologue", 1.3,
                                       {"b1_h4_s64_d2048", "b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(fuselab::experiments::split_d_limits({fuselab::PeKind::Sinusoidal}, 4, a::v002::kS))
      .kernel("add_pe", (const void*)&k::v000::add_pe_kernel)
      .kernel("partial_scores_wgmma_row_loads_padded_mask_split",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles, false, a::v022::PaddedCores64, a::v030::kSplit>)
      .kernel("row_softmax_16_in_flight", (const void*)&a::v014::row_softmax_in_flight_kernel<a::v029::kInFlight>)
      .kernel("pv_wgmma_direct_o_mask_split_lean_prologue", (const void*)a::v039::kPhase3)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&k::v059::launch, &k::v059::workspace_bytes);
}
