// attention/v021_wgmma_v_in_l2 — v019 with V prefetched into L2 during phase 1 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v021_wgmma_v_in_l2.cuh"

FUSELAB_EXPERIMENT(attention, v021_wgmma_v_in_l2) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v019_wgmma_scores_and_pv")
      .hypothesis(
          "With both phases on wgmma, neither is compute-bound, and each moves 33.5 MB at "
          "D = 16384 at 1.3-1.6 TB/s; phase 1 runs at 40 % of DRAM peak. Prefetching V into L2 "
          "during phase 1 (Q and K evict-first) moves V's 16.7 MB of DRAM reads into phase 1's "
          "spare bandwidth, and phase 3 then reads V from L2. If phase 3's DRAM traffic bounds "
          "it, it should lose about a third of its time: ~5 us cold at D = 16384 (v019: 49.6, "
          "~1.1x) and ~2.5 us at D = 8192; declared as 1.08x.")
      .prediction(fuselab::faster_than("attention/v019_wgmma_scores_and_pv", 1.08, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_v_in_l2",
              (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, 1, a::v021::EvictFirstQkSubTiles, a::v021::kPrefetchV>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_wgmma", (const void*)&a::v019::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v021::launch, &a::v021::workspace_bytes);
}
