// attention/v011_mma_qk_evict_first — v008 with Q and K read evict-first in L2 (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v011_mma_qk_evict_first.cuh"

FUSELAB_EXPERIMENT(attention, v011_mma_qk_evict_first) {
  namespace a = fuselab::kernels::attention::v007;
  namespace k = fuselab::kernels::attention::v011;
  const fuselab::Limits lim = fuselab::experiments::split_d_limits({fuselab::PeKind::None}, 4, a::kS);
  return fuselab::Experiment{}
      .parent("attention/v008_mma_one_launch")
      .hypothesis(
          "Compute tuning (tensor cores, fewer instructions) and DRAM order (interleaving) did "
          "not move the split-D designs at D = 16384 (55-64 us). One thing none of them "
          "controlled: phase 1 touches 48 MB (32 MB of Q and K streamed, 16 MB of V prefetched "
          "for phase 3) against a 50 MB L2 that the cold measurement leaves full of dirty "
          "lines, so part of V may be evicted before phase 3 and read from DRAM twice. Reading "
          "Q and K evict-first makes them the victims instead. If V is being evicted, phase 3 "
          "saves up to 16 MB of DRAM reads (~5.5 us at copy bandwidth): expect ~51 us at "
          "D = 16384 (v008: 57 us), 1.1x; at D = 8192 (24 MB touched) no eviction and no gain.")
      .prediction(fuselab::faster_than("attention/v008_mma_one_launch", 1.08, {"b1_h4_s64_d16384"}))
      .limits(lim)
      .kernel("qk_evict_first", (const void*)k::kernel<fuselab::kernels::attention::v002::NoPe>)
      .launch(&k::launch, &a::workspace_bytes);
}
