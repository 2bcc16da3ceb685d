// decode/v001_split_kv (mechanism: kernels/decode/parts/split_kv.cuh).
#include "experiments/decode/limits.h"
#include "harness/core/registry.h"
#include "kernels/decode/v001_split_kv.cuh"

FUSELAB_EXPERIMENT(decode, v001_split_kv) {
  namespace k = fuselab::kernels::decode;
  return fuselab::Experiment{}
      .parent("decode/v000_separate")
      .hypothesis(R"(
          Flash-decoding: one block per (b, kv head, chunk of 64-1024 keys, 4 query rows) so the
          grid holds >= 1056 blocks (8 per SM) even at batch 1, K and V read once per block for
          all the group's query rows (GQA reuse: 4 q heads per kv head at 32q/8kv), 128-byte
          coalesced float4 loads, online softmax in FP32, partials combined by a second kernel
          (8 MB of partials at 8 x 32q/8kv x 32768: 0.4 % of the traffic). With 4 query rows per
          key the math is 4 x 128 x 2 FMA per 1 KB of K+V, ~2 FLOP/byte, 5.8 TFLOP/s at the copy
          ceiling, well under the H100's ~60 TFLOP/s of FP32: memory-bound. One step's loads in
          flight per warp (4 KB), ~12 warps per SM, 48 KB per SM, above the ~20 KB a 2.9 TB/s
          stream at ~0.8 us latency needs: >= 75 % of the copy ceiling, 2.147 GB / (0.75 x 2.9
          TB/s) = 987 us at 8 x 32q/8kv x 32768. (At 16 queries per kv head, q16 and MQA
          64q/1kv, 32 FLOP/byte: FP32-bound, ~130 us of math per 268 MB at 67 TFLOP/s against 92
          us of copy; those cannot reach 75 % on FP32 cores.))")
      .prediction(fuselab::at_most_us(987.0, {"b8_h32kv8_s32768_q1"}))
      // D a multiple of 64, at most 256: 8 lanes x D/32 floats per key
      .limits(fuselab::experiments::decode::rotations_with_head_dim(64, 256))
      .kernel("split_kv_d128", (const void*)&k::split_kv::split_kv_kernel<4, false, false, false>)
      .kernel("combine", (const void*)&k::split_kv::combine_kernel)
      .launch(&k::v001::launch, &k::split_kv::workspace_bytes);
}
