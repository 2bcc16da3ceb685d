// decode/v000_separate (mechanism: see the kernel file).
#include "experiments/decode/limits.h"
#include "harness/core/registry.h"
#include "kernels/decode/v000_separate.cuh"

FUSELAB_EXPERIMENT(decode, v000_separate) {
  namespace k = fuselab::kernels::decode::v000;
  return fuselab::Experiment{}
      .hypothesis(R"(
          Baseline, what a user writes first: rotate q, one warp per (query row, key) for the
          scores into a [B*Hq*Sq, Skv] buffer, a row softmax, then one thread per output element
          looping over the keys for P*V. At 8 x 32q/8kv x 4096 (K+V 268 MB, 90 us at a ~2.97
          TB/s copy ceiling) each query head reads its kv head's K and V itself: 4 x 268 MB
          through L2 (~1 GB, ~200 us at ~5 TB/s of L2), and the P*V kernel has only 32768
          threads, each a 4096-step chain of dependent FMAs over strided V loads (latency-bound,
          ~0.15 us per 8 keys: ~80-400 us). Expect ~5x the copy ceiling or worse: <= 1000 us.)")
      .prediction(fuselab::at_most_us(1000.0, {"b8_h32kv8_s4096_q1"}))
      .limits(fuselab::experiments::decode::rotations_with_head_dim(2))
      .kernel("rotate", (const void*)&k::rotate_kernel)
      .kernel("scores", (const void*)&k::scores_kernel)
      .kernel("softmax", (const void*)&k::softmax_kernel)
      .kernel("pv", (const void*)&k::pv_kernel)
      .launch(&k::launch, &k::workspace_bytes);
}
