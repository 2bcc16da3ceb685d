// attention/v020_wgmma_row_loads — v017 with row-coalesced phase-1 loads (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v020_wgmma_row_loads.cuh"

FUSELAB_EXPERIMENT(attention, v020_wgmma_row_loads) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v017_wgmma_scores")
      .hypothesis(
          "With the products on wgmma, phase 1 still takes ~27 us under ncu at D = 16384 at 40 % "
          "of DRAM peak, and loading two sub-tiles ahead changed nothing (v018): the loads' "
          "throughput, not their latency, limits it. v006's loader makes every LDG.128 touch 32 "
          "rows 64 KB apart (32 L1 wavefronts, 32 line requests); a warp covering 4 whole "
          "128-byte rows per instruction needs 4. If that is the limit, phase 1 nears its DRAM "
          "time (~14 us under ncu): ~1.25x over v017 at D = 16384 and ~1.2x at D = 8192; "
          "declared as 1.15x.")
      .prediction(fuselab::faster_than("attention/v017_wgmma_scores", 1.15, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_row_loads", (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v020::RowQkSubTiles>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v020::launch, &a::v020::workspace_bytes);
}
