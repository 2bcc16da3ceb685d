// attention/v018_wgmma_scores_two_ahead — v017 with phase 1's loads two sub-tiles ahead (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v018_wgmma_scores_two_ahead.cuh"

FUSELAB_EXPERIMENT(attention, v018_wgmma_scores_two_ahead) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v017_wgmma_scores")
      .hypothesis(
          "Under ncu at D = 16384, v017's wgmma phase 1 takes 26.8 us (v014's SIMT one 28.7) "
          "with 6.9 cycles of long-scoreboard stall per instruction and 40 % of DRAM peak: it "
          "waits on its loads, 32 KB in flight per SM. Two sub-tiles ahead put 64 KB in flight; "
          "if latency is the limit, phase 1 nears its DRAM time (~14 us under ncu), ~11 us less "
          "cold: ~37 us at D = 16384 and ~25 us at D = 8192, 1.3x over v017 (which itself "
          "should sit within 5 % of v014).")
      .prediction(fuselab::faster_than("attention/v017_wgmma_scores", 1.25, {"b1_h4_s64_d8192", "b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("partial_scores_wgmma_two_ahead", (const void*)&a::v017::partial_scores_kernel<a::v002::NoPe, a::v018::kAhead>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v018::launch, &a::v018::workspace_bytes);
}
