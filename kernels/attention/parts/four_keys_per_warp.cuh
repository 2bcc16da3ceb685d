// Part four_keys_per_warp, first built as attention v043:
// v041's two-row blocks with 16 warps of 4 keys each and a
// shorter chain per warp. ncu on v041 (1x4x64x128, H100): 888 instructions
// per warp at 2 warps per scheduler, issue active 33 %; a quarter of them were
// the softmax's 16 per-key expf that every lane repeats. Here:
//   * 16 warps x 4 keys (512 threads): half the loads, FMAs and PE work per
//     warp, 4 warps per scheduler;
//   * the butterfly sums 8 partials per lane (9 shuffles);
//   * the softmax takes one expf per score: lane l's exps of scores l and
//     l + 32 feed the row sum, and the warp's 4 keys get theirs by shuffle;
//   * neox keeps both halves of a pair in one lane: lane l loads dims
//     2l..2l+1 and 64+2l..64+2l+1 of Q and K (two 8-byte loads; the dot
//     product does not care which lane holds which dim), so the rotation
//     needs no shuffles and two sin/cos per float4 instead of four.
// V lands by cp.async in the thread's own shared slots as in rows_in_registers; the 16
// warps' partial rows are summed by the first 256 threads.
// v044 is the same kernel with 8 warps of 8 keys (v041's shape): 256
// threads, a 16-value butterfly.
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/rows_in_registers.cuh"

namespace fuselab::kernels::attention::four_keys_per_warp {

inline constexpr int kD = rows_in_registers::kD;
inline constexpr int kWarpsV043 = 16;  // 4 keys per warp
inline constexpr int kRows = 2;

// Lane l's float4 of a Q or K row: dims 4l..4l+3, or for a paired (neox)
// hook dims 2l, 2l + 1, D/2 + 2l, D/2 + 2l + 1.
template <bool kPaired>
__device__ __forceinline__ float4 load_lane(const float* row, int lane) {
  if constexpr (kPaired) {
    const float2 lo = __ldg(reinterpret_cast<const float2*>(row + 2 * lane));
    const float2 hi = __ldg(reinterpret_cast<const float2*>(row + kD / 2 + 2 * lane));
    return make_float4(lo.x, lo.y, hi.x, hi.y);
  } else {
    return ldg4(row + 4 * lane);
  }
}

template <class Pe>
__device__ __forceinline__ void pe_lane(const Pe& pe, float4& x, int pos, bool is_q, int lane) {
  if constexpr (std::is_same_v<Pe, split_d::NoPe>) {
    return;
  } else if constexpr (Pe::kPaired) {
    pe.pair2(x, pos, 2 * lane);
  } else {
    if (is_q) pe.q(x, pos, 4 * lane);
    else pe.k(x, pos, 4 * lane);
  }
}

// The softmax of each of the kRows rows in every warp, one expf per score
// (lane l takes scores l and l + 32), and P for the warp's keys key0.. from
// the lanes that hold them.
template <int kRows, int kKeysPerWarp>
__device__ __forceinline__ void softmax_one_exp(const float (&scores)[kRows][head_tile::kKeys], int lane, int key0,
                                                float (&pr)[kRows][kKeysPerWarp]) {
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    const float s0 = scores[r][lane], s1 = scores[r][lane + 32];
    const float m = warp_max(fmaxf(s0, s1));
    const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
    const float e0 = expf(s0 - base), e1 = expf(s1 - base);
    const float l = warp_sum(e0 + e1);
    const float inv = l > 0.f ? 1.f / l : 0.f;
    const float mine = key0 < 32 ? e0 : e1;  // keys key0.. sit in lanes key0 % 32 ..
#pragma unroll
    for (int j = 0; j < kKeysPerWarp; ++j)
      pr[r][j] = __shfl_sync(0xffffffffu, mine, (key0 + j) & 31) * inv;
  }
}

// The block's output rows row0.. of head bh: thread tid < kRows * kD sums
// element tid of the kWarps warps' partial O rows (vs[w * kKeysPerWarp + r])
// in four interleaved partial sums.
template <int kWarps, int kKeysPerWarp>
__device__ __forceinline__ void sum_warp_rows(const AttentionProblem& p, const float (*vs)[kD], int tid, int row0,
                                              int bh) {
  static_assert(kRows * kD <= 32 * kWarps, "one thread per output element");
  if (tid < kRows * kD) {
    const int r = tid / kD, d = tid % kD;
    float o[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int w = 0; w < kWarps; ++w) o[w % 4] += vs[w * kKeysPerWarp + r][d];
    if (row0 + r < p.Sq) p.out[(std::size_t(bh) * p.Sq + row0 + r) * kD + d] = (o[0] + o[1]) + (o[2] + o[3]);
  }
}

// kWarps: 16 (v043, 4 keys each) or 8 (v044, 8 keys each).
template <class Pe, int kWarps = kWarpsV043>
__global__ void __launch_bounds__(32 * kWarps) keys_per_warp_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kKeys = head_tile::kKeys, kKeysPerWarp = kKeys / kWarps;
  constexpr bool kPaired = Pe::kPaired;
  static_assert(kRows <= kKeysPerWarp, "a thread's partial O rows fit in its V slots");
  __shared__ float scores[kRows][kKeys];
  __shared__ __align__(16) float vs[kKeys][kD];  // V, then the warps' partial O rows

  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int row0 = blockIdx.x * kRows, bh = blockIdx.y;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kv_bh = b * p.Hkv + h / (p.Hq / p.Hkv);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const float* kbase = p.k + std::size_t(kv_bh) * p.Sk * kD;
  const float* vbase = p.v + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;
  const int key0 = warp * kKeysPerWarp;

  // 1. Every load at once: V by cp.async into this thread's slots, Q and K
  //    into registers.
  rows_in_registers::copy_warp_rows<kKeysPerWarp>(vs, vbase, key0, lane, p.Sk);
  float4 q[kRows], k[kKeysPerWarp];
#pragma unroll
  for (int r = 0; r < kRows; ++r)
    q[r] = row0 + r < p.Sq ? load_lane<kPaired>(qbase + std::size_t(row0 + r) * kD, lane) : zero4();
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j)
    k[j] = key0 + j < p.Sk ? load_lane<kPaired>(kbase + std::size_t(key0 + j) * kD, lane) : zero4();

  // 2. The PE in registers.
#pragma unroll
  for (int r = 0; r < kRows; ++r) pe_lane(pe, q[r], p.q_offset + row0 + r, true, lane);
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) pe_lane(pe, k[j], p.k_offset + key0 + j, false, lane);

  // 3. Scores.
  rows_in_registers::scores_to_shared<kRows, kKeysPerWarp>(scores, q, k, lane, key0, row0, p);

  // 4. Softmax per row in every warp, one expf per score; P for this warp's
  //    keys from the lanes that hold them.
  float pr[kRows][kKeysPerWarp];
  softmax_one_exp<kRows, kKeysPerWarp>(scores, lane, key0, pr);

  // 5. P V over this warp's keys; partial rows over this thread's own V
  //    slots; the warps' rows summed by the first 256 threads.
  cp_async_wait<0>();
  rows_in_registers::partial_o_rows(pr, vs, key0, lane);
  __syncthreads();
  sum_warp_rows<kWarps, kKeysPerWarp>(p, vs, tid, row0, bh);
}

template <int kWarps = kWarpsV043, class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  if (p.D != kD) return head_tile_static_d::launch_with(p, pe, stream);
  const dim3 grid(unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B) * p.Hq);
  keys_per_warp_kernel<Pe, kWarps><<<grid, 32 * kWarps, 0, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, stream);
}

// v044: 8 warps of 8 keys.
inline constexpr int kWarpsV044 = 8;
inline void launch_eight_warps(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with<kWarpsV044>(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::four_keys_per_warp
