// decode/v002_prefetch_stream (mechanism: kernels/decode/parts/split_kv.cuh,
// kPrefetch and kStream).
#include "experiments/decode/limits.h"
#include "harness/core/registry.h"
#include "kernels/decode/v002_prefetch_stream.cuh"

FUSELAB_EXPERIMENT(decode, v002_prefetch_stream) {
  namespace k = fuselab::kernels::decode;
  return fuselab::Experiment{}
      .parent("decode/v001_split_kv")
      .hypothesis(R"(
          v001 issues a step's K and V loads and then waits for them before the math: each warp
          alternates between loading and computing, so the bytes in flight per SM drop while its
          warps compute. Loading the next step's K and V into registers before computing the
          current one keeps two steps (8 KB per warp) in flight, and __ldcs (evict-first) keeps
          the read-once stream from evicting the partials and q from L2. Expect >= 1.05x over
          v001 at 8 x 32q/8kv x 4096 (268 MB, where a 1024-block grid has the fewest warps per
          SM) and >= 85 % of the copy ceiling at 8 x 32q/8kv x 32768: 2.147 GB / (0.85 x 2.9
          TB/s) = 871 us.)")
      .prediction(fuselab::at_most_us(871.0, {"b8_h32kv8_s32768_q1"}))
      .limits(fuselab::experiments::decode::rotations_with_head_dim(64, 256))
      .kernel("split_kv_d128", (const void*)&k::split_kv::split_kv_kernel<4, true, true, false>)
      .kernel("combine", (const void*)&k::split_kv::combine_kernel)
      .launch(&k::v002::launch, &k::split_kv::workspace_bytes);
}
