// Part head_tile, first built as attention v004:
// one launch for small head_dim: a block owns kRows query
// rows of one head (16 for v004, 4 for v005) and holds the head's whole K and
// V (Sk <= 64 keys, D <= 256) in shared memory, so there is one DRAM round
// trip and no inter-block reduction (v002's three launches and v003's cluster
// barriers are what its small-D time is made of).
//   1. cp.async: Q[16 x D], K[Sk x D], V[Sk x D] into shared memory (rows past
//      Sq / Sk zero-filled), one wait.
//   2. The PE hook (v002's interface) transforms Q and K in place, once per
//      element per block.
//   3. Scores: kThreads / kRows lanes per row (16 or 64); a lane owns keys
//      lane, lane + lanes, ...; float4 dot products over D in fp32 (K rows
//      padded by 4 floats: a quarter-warp's reads fall in distinct banks);
//      the row's softmax through shuffles (and shared memory across two
//      warps); P to shared memory.
//   4. O: the block's kRows x D/4 output float4s spread over the threads;
//      P broadcast, V float4.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 with a paired hook); any Sq;
// causal, GQA, cross supported.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"  // NoPe, the PE hook interface
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::head_tile {

inline constexpr int kKeys = 64;      // max Sk
inline constexpr int kMaxD = 256;
inline constexpr int kThreads = 256;

template <int kRows>
inline std::size_t smem_bytes(int D) {
  const std::size_t ld = std::size_t(D) + 4;
  return (kRows * ld + kKeys * ld + std::size_t(kKeys) * D + kRows * (kKeys + 4)) * sizeof(float);
}

template <class Pe, int kRows>
__global__ void __launch_bounds__(kThreads) head_tile_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kLanes = kThreads / kRows;  // lanes per row: 16 or 64
  constexpr int kPerLane = kKeys / kLanes;  // keys per lane: 4 or 1
  static_assert(kLanes == 16 || kLanes == 64, "16 or 4 rows per block");
  extern __shared__ __align__(16) float smem[];
  const int D = p.D, ld = D + 4, half = D >> 1, D4 = D >> 2;
  float* qs = smem;                 // [kRows][ld]
  float* ks = qs + kRows * ld;      // [kKeys][ld]
  float* vs = ks + kKeys * ld;      // [kKeys][D]
  float* ps = vs + kKeys * D;       // [kRows][kKeys + 4]

  const int tid = threadIdx.x;
  const int row0 = blockIdx.x * kRows, bh = blockIdx.y;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kvh = h / (p.Hq / p.Hkv);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * D;
  const float* kbase = p.k + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  const float* vbase = p.v + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  float* obase = p.out + std::size_t(bh) * p.Sq * D;

  // 1. Everything in flight at once.
  for (int idx = tid; idx < (kRows + 2 * kKeys) * D4; idx += kThreads) {
    const int row = idx / D4, d = 4 * (idx % D4);
    if (row < kRows) {
      const bool ok = row0 + row < p.Sq;
      cp_async16(qs + row * ld + d, ok ? qbase + std::size_t(row0 + row) * D + d : qbase, ok);
    } else if (row < kRows + kKeys) {
      const int j = row - kRows;
      const bool ok = j < p.Sk;
      cp_async16(ks + j * ld + d, ok ? kbase + std::size_t(j) * D + d : kbase, ok);
    } else {
      const int j = row - kRows - kKeys;
      const bool ok = j < p.Sk;
      cp_async16(vs + j * D + d, ok ? vbase + std::size_t(j) * D + d : vbase, ok);
    }
  }
  cp_async_commit();
  cp_async_wait<0>();
  __syncthreads();

  // 2. The PE, once per Q and K element of this block.
  if constexpr (!std::is_same_v<Pe, split_d::NoPe>) {
    if constexpr (Pe::kPaired) {
      const int H4 = half >> 2;
      for (int idx = tid; idx < (kRows + kKeys) * H4; idx += kThreads) {
        const int row = idx / H4, i = 4 * (idx % H4);
        const bool is_q = row < kRows;
        const int r = is_q ? row0 + row : row - kRows;
        if (r >= (is_q ? p.Sq : p.Sk)) continue;
        float* x = is_q ? qs + row * ld : ks + (row - kRows) * ld;
        float4 lo = ld4(x + i), hi = ld4(x + half + i);
        if (is_q) pe.q2(lo, hi, p.q_offset + r, i);
        else pe.k2(lo, hi, p.k_offset + r, i);
        st4(x + i, lo);
        st4(x + half + i, hi);
      }
    } else {
      for (int idx = tid; idx < (kRows + kKeys) * D4; idx += kThreads) {
        const int row = idx / D4, d = 4 * (idx % D4);
        const bool is_q = row < kRows;
        const int r = is_q ? row0 + row : row - kRows;
        if (r >= (is_q ? p.Sq : p.Sk)) continue;
        float* x = (is_q ? qs + row * ld : ks + (row - kRows) * ld) + d;
        float4 v = ld4(x);
        if (is_q) pe.q(v, p.q_offset + r, d);
        else pe.k(v, p.k_offset + r, d);
        st4(x, v);
      }
    }
    __syncthreads();
  }

  // 3. Scores and the row's softmax.
  __shared__ float red[kRows][2];
  const int r = tid / kLanes, lane = tid % kLanes;
  const int qi = row0 + r;
  float s[kPerLane];
#pragma unroll
  for (int c = 0; c < kPerLane; ++c) s[c] = 0.f;
  for (int d = 0; d < D; d += 4) {
    const float4 a = ld4(qs + r * ld + d);
#pragma unroll
    for (int c = 0; c < kPerLane; ++c) s[c] = dot4(a, ld4(ks + (lane + kLanes * c) * ld + d), s[c]);
  }
  float m = MaxOp::identity();
#pragma unroll
  for (int c = 0; c < kPerLane; ++c) {
    const int j = lane + kLanes * c;
    const bool visible = qi < p.Sq && j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + qi);
    s[c] = visible ? s[c] * p.scale : MaxOp::identity();
    m = fmaxf(m, s[c]);
  }
  // Reduce across the row's lanes: shuffles within a warp, then (64 lanes)
  // the two warps' halves through shared memory, the same order everywhere.
  auto row_reduce = [&](float v, bool is_max) {
#pragma unroll
    for (int o = (kLanes < 32 ? kLanes : 32) / 2; o > 0; o >>= 1) {
      const float w = __shfl_xor_sync(0xffffffffu, v, o);
      v = is_max ? fmaxf(v, w) : v + w;
    }
    if constexpr (kLanes > 32) {
      if ((tid & 31) == 0) red[r][(lane >> 5) & 1] = v;
      __syncthreads();
      v = is_max ? fmaxf(red[r][0], red[r][1]) : red[r][0] + red[r][1];
      __syncthreads();
    }
    return v;
  };
  m = row_reduce(m, true);
  const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
  float l = 0.f;
#pragma unroll
  for (int c = 0; c < kPerLane; ++c) {
    s[c] = expf(s[c] - base);
    l += s[c];
  }
  l = row_reduce(l, false);
  const float inv = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
  for (int c = 0; c < kPerLane; ++c) ps[r * (kKeys + 4) + lane + kLanes * c] = s[c] * inv;
  __syncthreads();

  // 4. O = P V: the block's kRows x D/4 output float4s.
  const int nk = min(p.Sk, kKeys);
  for (int idx = tid; idx < kRows * D4; idx += kThreads) {
    const int rr = idx / D4, d = 4 * (idx % D4);
    if (row0 + rr >= p.Sq) continue;
    float4 o = zero4();
    for (int k = 0; k < nk; ++k) o = axpy4(ps[rr * (kKeys + 4) + k], ld4(vs + k * D + d), o);
    st4(obase + std::size_t(row0 + rr) * D + d, o);
  }
}

template <int kRows, class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  const std::size_t smem = smem_bytes<kRows>(p.D);
  set_max_dynamic_smem(&head_tile_kernel<Pe, kRows>, int(smem));
  const dim3 grid(unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B) * p.Hq);
  head_tile_kernel<Pe, kRows><<<grid, kThreads, smem, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline constexpr int kRowsV004 = 16;
inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with<kRowsV004>(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::head_tile
