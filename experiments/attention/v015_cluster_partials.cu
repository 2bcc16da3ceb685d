// attention/v015_cluster_partials — v014 with phase-1 partials summed in clusters (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v015_cluster_partials.cuh"

FUSELAB_EXPERIMENT(attention, v015_cluster_partials) {
  namespace a = fuselab::kernels::attention;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::v002::kS);
  return fuselab::Experiment{}
      .parent("attention/v014_row_softmax")
      .hypothesis(
          "v014's wider softmax phase barely moved its ncu time (7.0 -> 6.4 us; 15.6 cycles of "
          "long-scoreboard stall per instruction), so the phase is bound by the partials it "
          "reads, not by its chain length: at D = 2048 phase 1 writes 4 MB of partials (64 "
          "chunks x 16 KB per head, as much as the Q and K it reads) and phase 2 reads them "
          "back. Summing each cluster of 8 chunks in distributed shared memory first writes "
          "0.5 MB and leaves 8 partials per score. Expect phase 2 near its launch floor and "
          "phase 1 unchanged: ~15.5 us at D = 2048 (v014: 17.6, 1.13x) and ~1 us less at "
          "D >= 8192.")
      .prediction(fuselab::faster_than("attention/v014_row_softmax", 1.1, {"b1_h4_s64_d2048"}))
      .limits(lim)
      .kernel("partial_scores_8x8_cluster", (const void*)&a::v013::partial_scores_kernel<a::v002::NoPe, true>)
      .kernel("row_softmax", (const void*)&a::v014::row_softmax_kernel)
      .kernel("pv_8x8", (const void*)&a::v013::pv_kernel)
      .kernel("pv_tuned", (const void*)&a::v006::pv_kernel)
      .launch(&a::v015::launch, &a::v015::workspace_bytes);
}
