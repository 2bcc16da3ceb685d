// attention v075 — v074's tensor-core head tile (eight query rows a block)
// with twice the warps, each half the chain, and its fragments read as
// vectors. ncu on v074 (run 20261126T0414*): 906 instructions a warp at two
// warps a scheduler, issue 36 % active, stalls on fixed-latency dependencies
// (2.1 cycles per instruction) and on shared loads (0.9): the block's chain,
// not its 2.2 us of data movement, sets its time. Here:
//   * 16 warps: S^T's warps take 16 keys x 32 dims (4 k-steps, four partial
//     tiles), P V's take 16 dims x 32 keys (4 k-steps; the second key half's
//     O tile summed through shared memory);
//   * the dot products' order is free, so each k-step pair takes 16
//     consecutive dims: a lane's K and Q fragments for two k-steps are one
//     float4 a row (dims 16j + 4t ..); P V's k-step takes keys in pairs and
//     its m-tile dims in pairs, so V's and P's fragments are float2s and O's
//     results two adjacent dims;
//   * each warp's 12 mma rotate over four accumulators, so no mma waits on
//     the one before it.
// The loads, the PE (in place, v074::pe_row) and the softmax are v074's.
// D = 128 only is compiled; any other D runs v012. Limits: v012's (Sk <= 64,
// D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v074_mma_head_tile.cuh"

namespace fuselab::kernels::attention::v075 {

inline constexpr int kD = v074::kD;
inline constexpr int kKeys = v074::kKeys;
inline constexpr int kRows = v074::kRows;
inline constexpr int kWarps = 16;
inline constexpr int kThreads = 32 * kWarps;
inline constexpr auto kSplit = v074::kSplit;
inline constexpr int kQuarters = 4;  // S^T's dim quarters (32 dims, 4 k-steps each)
// Row strides (floats), each chosen so a quarter- or half-warp's vector
// loads and stores touch every bank once:
inline constexpr int kLdK = kD + 16;    // K and Q: float4 at row g, dims 16j + 4t
inline constexpr int kLdV = kD + 4;     // V: float2 at key 2t (+1), dims 2g
inline constexpr int kLdS = kKeys + 4;  // S^T partials: rows 2t (+1), key g
inline constexpr int kLdP = kKeys + 8;  // P: float2 at row g, keys 2t
inline constexpr int kLdO = kD + 4;     // the second key half's O: float2 at row 2t, dims 2g

struct Smem {
  float k[kKeys][kLdK];
  float q[kRows][kLdK];
  float v[kKeys][kLdV];
  float s[kQuarters][kRows][kLdS];
  float p[kRows][kLdP];
  float o[kRows][kLdO];
};
inline constexpr std::size_t kSmemBytes = sizeof(Smem);
static_assert(kWarps == (kKeys / 16) * kQuarters && kWarps == (kD / 16) * 2, "one warp per tile");

// acc[(3 step + i) % 4] += the step's i-th product of a b (3xTF32): the
// mma of consecutive products never share an accumulator.
template <int kStep>
__device__ __forceinline__ void mma_rotating(float (&acc)[4][4], const float (&a)[4], const float (&b)[2]) {
  const SplitTf32<4> sa = split_all<kSplit>(a);
  const SplitTf32<2> sb = split_all<kSplit>(b);
  mma_tf32(acc[(3 * kStep) % 4], sa.small, sb.big);
  mma_tf32(acc[(3 * kStep + 1) % 4], sa.big, sb.small);
  mma_tf32(acc[(3 * kStep + 2) % 4], sa.big, sb.big);
}

__device__ __forceinline__ float sum4(const float (&acc)[4][4], int i) {
  return (acc[0][i] + acc[1][i]) + (acc[2][i] + acc[3][i]);
}

template <int kStep>
__device__ __forceinline__ void qk_step_pair(float (&acc)[4][4], const Smem& sm, int key, int g, int col) {
  const float4 ka = *reinterpret_cast<const float4*>(&sm.k[key][col]);
  const float4 kb = *reinterpret_cast<const float4*>(&sm.k[key + 8][col]);
  const float4 qv = *reinterpret_cast<const float4*>(&sm.q[g][col]);
  // k-step 2j: dims col, col + 1 as k = t, t + 4; k-step 2j + 1: col + 2, col + 3.
  mma_rotating<kStep>(acc, {ka.x, kb.x, ka.y, kb.y}, {qv.x, qv.y});
  mma_rotating<kStep + 1>(acc, {ka.z, kb.z, ka.w, kb.w}, {qv.z, qv.w});
}

template <int kStep>
__device__ __forceinline__ void pv_step(float (&acc)[4][4], const Smem& sm, int key, int g, int dim) {
  const float2 va = *reinterpret_cast<const float2*>(&sm.v[key][dim]);
  const float2 vb = *reinterpret_cast<const float2*>(&sm.v[key + 1][dim]);
  const float2 pv = *reinterpret_cast<const float2*>(&sm.p[g][key]);
  // m = g, g + 8: dims dim, dim + 1; k = t, t + 4: keys key, key + 1.
  mma_rotating<kStep>(acc, {va.x, va.y, vb.x, vb.y}, {pv.x, pv.y});
}

template <class Pe>
__global__ void __launch_bounds__(kThreads) sixteen_warps_kernel(const AttentionProblem p, const Pe pe) {
  extern __shared__ __align__(16) float smem_raw[];
  Smem& sm = *reinterpret_cast<Smem*>(smem_raw);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const int row0 = blockIdx.x * kRows;
  const auto [bh, kv_bh] = v041::block_heads<false>(p);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD + 4 * lane;
  const float* kbase = p.k + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;
  const float* vbase = p.v + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;

  // 1. Q and K (group 0), V (group 1).
  v074::land_qkv<kWarps>(sm.q, sm.k, sm.v, p, qbase, kbase, vbase, row0, warp, lane);
  const float2 f = v045::lane_freq(pe, lane);
  cp_async_wait<1>();
  __syncthreads();

  // 2. The PE of Q's rows and K's, in place, a warp per row.
  if constexpr (!std::is_same_v<Pe, v002::NoPe>) {
    for (int r = warp; r < kRows + kKeys; r += kWarps) {
      if (r < kRows) v074::pe_row(pe, sm.q[r], p.q_offset + row0 + r, f, lane);
      else v074::pe_row(pe, sm.k[r - kRows], p.k_offset + r - kRows, f, lane);
    }
    __syncthreads();
  }

  // 3. S^T = K Q^T: keys 16 (warp % 4) + (g, g + 8) by rows (2t, 2t + 1),
  //    over dims 32 (warp / 4) ..: k-step pairs at dims 16j + 4t.
  {
    const int key = 16 * (warp & 3) + g, quarter = warp >> 2, col = 32 * quarter + 4 * t;
    float acc[4][4] = {};
    qk_step_pair<0>(acc, sm, key, g, col);
    qk_step_pair<2>(acc, sm, key, g, col + 16);
    float(*part)[kLdS] = sm.s[quarter];
    part[2 * t][key] = sum4(acc, 0);
    part[2 * t + 1][key] = sum4(acc, 1);
    part[2 * t][key + 8] = sum4(acc, 2);
    part[2 * t + 1][key + 8] = sum4(acc, 3);
  }
  __syncthreads();

  // 4. Softmax of row `warp` (warps 0-7) into P.
  if (warp < kRows) v074::softmax_row<kQuarters>(sm.s, sm.p[warp], warp, lane, row0, p);
  cp_async_wait<0>();
  __syncthreads();  // P, and every thread's V rows

  // 5. O^T = V^T P^T: dims 16 (warp % 8) + 2g (+1) by rows (2t, 2t + 1),
  //    over keys 32 (warp / 8) ..: k-steps of key pairs 2t (+1).
  const int dim = 16 * (warp & 7) + 2 * g, khalf = warp >> 3, key = 32 * khalf + 2 * t;
  float acc[4][4] = {};
  pv_step<0>(acc, sm, key, g, dim);
  pv_step<1>(acc, sm, key + 8, g, dim);
  pv_step<2>(acc, sm, key + 16, g, dim);
  pv_step<3>(acc, sm, key + 24, g, dim);
  float2 o0 = make_float2(sum4(acc, 0), sum4(acc, 2));  // row 2t, dims dim, dim + 1
  float2 o1 = make_float2(sum4(acc, 1), sum4(acc, 3));  // row 2t + 1
  if (khalf == 1) {
    *reinterpret_cast<float2*>(&sm.o[2 * t][dim]) = o0;
    *reinterpret_cast<float2*>(&sm.o[2 * t + 1][dim]) = o1;
  }
  __syncthreads();
  if (khalf == 0) {
    const float2 a0 = *reinterpret_cast<const float2*>(&sm.o[2 * t][dim]);
    const float2 a1 = *reinterpret_cast<const float2*>(&sm.o[2 * t + 1][dim]);
    float* out = p.out + (std::size_t(bh) * p.Sq + row0 + 2 * t) * kD + dim;
    if (row0 + 2 * t < p.Sq) *reinterpret_cast<float2*>(out) = make_float2(o0.x + a0.x, o0.y + a0.y);
    if (row0 + 2 * t + 1 < p.Sq) *reinterpret_cast<float2*>(out + kD) = make_float2(o1.x + a1.x, o1.y + a1.y);
  }
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  v045::launch_head_tile<Pe, &sixteen_warps_kernel<Pe>, kThreads, kSmemBytes, kRows>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v075
