// attention/v052_v_resident_two_per_sm — v051 at two blocks per SM: V's first step resident from the start, its second loaded after phase 1 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v052_v_resident_two_per_sm.cuh"

FUSELAB_EXPERIMENT(attention, v052_v_resident_two_per_sm) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v051_v_resident")
      .hypothesis(
          "v051 lost 0.87x to v039 at D = 16384 with every V byte read during phase 1 (ncu: "
          "50.4 MB in 44 us, 36 % of DRAM peak); its loss grew with phase 1's work per "
          "sub-tile (rope 0.74x), so one block per SM slowed phase 1 more than V's early "
          "reads saved. Keeping v039's phase 1 (two blocks per SM, same plan) leaves room for "
          "one resident V step per block: step 1 travels with phase 1 (+8.4 MB on its 33.6), "
          "step 2 lands in phase 1's buffers during the barrier and the softmax (~3 us for "
          "8.4 MB). Phase 3 then mostly computes and writes O: v039's ~18 us phase (ncu) "
          "should shrink to ~5-8, phase 1 grow by ~1-3 us. Expect ~34-38 us at D = 16384 and "
          "~23-25 at 8192; declared as 1.08x over v039 at both.")
      .prediction(fuselab::faster_than("attention/v039_lean_phase3_prologue", 1.08,
                                       {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("resident_v_two_per_sm_one_launch",
              (const void*)a::v052::kKernel<a::v002::NoPe, a::v020::RowQkSubTiles>)
      .launch(&a::v052::launch, &a::v052::workspace_bytes);
}
