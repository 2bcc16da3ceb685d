// rope_standalone/v000_naive (mechanism: see the kernel file).
#include "experiments/rope_standalone/limits.h"
#include "harness/core/registry.h"
#include "kernels/rope_standalone/v000_naive.cuh"

FUSELAB_EXPERIMENT(rope_standalone, v000_naive) {
  namespace k = fuselab::kernels::rope_standalone::v000;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline: one thread per element, scalar coalesced loads, each thread computes its own
          accurate sincosf (two per pair) and re-reads its partner (L1 hit). At [128, 8192, 128]
          the minimal traffic is 1.07 GB (362 us at 2969 GB/s); 134 M sincosf x ~35 instr = 147
          M warp-instructions (~160 us of issue) overlap with it, but 4-byte accesses keep few
          bytes in flight per thread. Expect ~75 % of copy bandwidth: <= 550 us.)")
      .prediction(fuselab::at_most_us(550.0, {"n128_s8192_d128_neox"}))
      .limits(fuselab::experiments::rope_standalone::pairings_with_head_dim(2))
      .kernel("rope_naive", (const void*)&k::rope_naive_kernel)
      .launch(&k::launch);
}
