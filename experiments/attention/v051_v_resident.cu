// attention/v051_v_resident — V read into shared memory during phase 1, in one cooperative launch (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v051_v_resident.cuh"

FUSELAB_EXPERIMENT(attention, v051_v_resident) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v039_lean_phase3_prologue")
      .hypothesis(
          "At D = 16384 v039's phase 1 reads Q and K (33.6 MB) in ~21 us at ~54 % of DRAM "
          "peak, then phase 3 reads V (16.9 MB) in 18 us at 30 %: V waits for the scores though "
          "it does not depend on them. v021 sent V to L2 during phase 1 and lost it there. "
          "Here each block (one per SM, 227 KB) puts its phase-3 V steps in flight into its own "
          "shared memory first, runs phase 1 (two sub-tiles ahead), and after v026's two grid "
          "barriers multiplies the resident V. Phase 1 then moves 50 MB at DRAM's pace "
          "(~20-23 us), the softmax and barriers cost ~3-4 us, and phase 3 only computes and "
          "writes O (~4-6 us): ~30-34 us against v039's ~41.7 at D = 16384, ~20-22 against "
          "~27.5 at 8192. Declared as 1.10x over v039 at both. At D = 2048 the one launch is "
          "v026's, which lost 0.83x to three launches there: no claim.")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.10,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("resident_v_one_launch", (const void*)a::v051::kKernel<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .launch(&a::v051::launch, &a::v051::workspace_bytes);
}
