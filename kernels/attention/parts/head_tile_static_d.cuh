// Part head_tile_static_d, first built as attention v012:
// v005's 4-row head tile (the head's K and V in shared
// memory, one launch) compiled for a fixed head_dim, after ncu (1x4x64x128,
// H100) showed v005 latency-bound: 1.7 k instructions per warp at 5.6 cycles
// each, 2 warps per scheduler, most of them index arithmetic (runtime
// divisions by D/4 in every copy and PE loop) and two long dependency chains.
// With kD a template parameter (64, 128, 256; other D run v005's kernel):
//   * every index is a shift, every loop has a constant trip count;
//   * Q and K land as one cp.async group, V as a second: the PE, the scores
//     and the softmax run while V is still in flight;
//   * the scores keep 4 independent partial sums per key (chain 1/4 as long);
//   * P V uses all 256 threads: two threads per output float4 take 32 keys
//     each, with two accumulators, and add through one shuffle.
// Limits: v004's (Sk <= 64, D <= 256, D % 4 == 0, D % 8 paired; any Sq;
// causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/head_tile.cuh"
#include "kernels/attention/parts/head_tile_4rows.cuh"

namespace fuselab::kernels::attention::head_tile_static_d {

inline constexpr int kRows = head_tile_4rows::kRows;  // query rows per block
inline constexpr int kKeys = head_tile::kKeys;
inline constexpr int kThreads = 256;
inline constexpr int kLanes = kThreads / kRows;  // one key per lane
static_assert(kLanes == kKeys, "one key per lane");

template <int kD>
inline constexpr std::size_t kSmemBytes =
    (std::size_t(kRows) * (kD + 4) + std::size_t(kKeys) * (kD + 4) + std::size_t(kKeys) * kD +
     kRows * (kKeys + 4)) * sizeof(float);

template <class Pe, int kD>
__global__ void __launch_bounds__(kThreads) static_d_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kD4 = kD / 4, kLd = kD + 4, kHalf = kD / 2, kLdP = kKeys + 4;
  extern __shared__ __align__(16) float smem[];
  float* qs = smem;              // [kRows][kLd]
  float* ks = qs + kRows * kLd;  // [kKeys][kLd]
  float* vs = ks + kKeys * kLd;  // [kKeys][kD]
  float* ps = vs + kKeys * kD;   // [kRows][kLdP]

  const int tid = threadIdx.x;
  const int row0 = blockIdx.x * kRows, bh = blockIdx.y;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kv_bh = b * p.Hkv + h / (p.Hq / p.Hkv);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const float* kbase = p.k + std::size_t(kv_bh) * p.Sk * kD;
  const float* vbase = p.v + std::size_t(kv_bh) * p.Sk * kD;
  float* obase = p.out + std::size_t(bh) * p.Sq * kD;

  // 1. Q and K (group 0), V (group 1); rows past Sq / Sk zero-filled.
#pragma unroll
  for (int idx = tid; idx < (kRows + kKeys) * kD4; idx += kThreads) {
    const int row = idx / kD4, d = 4 * (idx % kD4);
    if (row < kRows) {
      const bool ok = row0 + row < p.Sq;
      cp_async16(qs + row * kLd + d, ok ? qbase + std::size_t(row0 + row) * kD + d : qbase, ok);
    } else {
      const int j = row - kRows;
      const bool ok = j < p.Sk;
      cp_async16(ks + j * kLd + d, ok ? kbase + std::size_t(j) * kD + d : kbase, ok);
    }
  }
  cp_async_commit();
#pragma unroll
  for (int idx = tid; idx < kKeys * kD4; idx += kThreads) {
    const int j = idx / kD4, d = 4 * (idx % kD4);
    const bool ok = j < p.Sk;
    cp_async16(vs + j * kD + d, ok ? vbase + std::size_t(j) * kD + d : vbase, ok);
  }
  cp_async_commit();
  cp_async_wait<1>();
  __syncthreads();

  // 2. The PE, once per Q and K element of this block.
  if constexpr (!std::is_same_v<Pe, split_d::NoPe>) {
    constexpr int kPer = Pe::kPaired ? kHalf / 4 : kD4;  // float4 units per row
#pragma unroll
    for (int idx = tid; idx < (kRows + kKeys) * kPer; idx += kThreads) {
      const int row = idx / kPer, c = 4 * (idx % kPer);
      const bool is_q = row < kRows;
      const int r = is_q ? row0 + row : row - kRows;
      if (r >= (is_q ? p.Sq : p.Sk)) continue;
      float* x = is_q ? qs + row * kLd : ks + (row - kRows) * kLd;
      const int pos = (is_q ? p.q_offset : p.k_offset) + r;
      if constexpr (Pe::kPaired) {
        float4 lo = ld4(x + c), hi = ld4(x + kHalf + c);
        if (is_q) pe.q2(lo, hi, pos, c);
        else pe.k2(lo, hi, pos, c);
        st4(x + c, lo);
        st4(x + kHalf + c, hi);
      } else {
        float4 v = ld4(x + c);
        if (is_q) pe.q(v, pos, c);
        else pe.k(v, pos, c);
        st4(x + c, v);
      }
    }
    __syncthreads();
  }

  // 3. Scores (lane = key) with four independent partial sums, the row's
  //    softmax (two warps per row: shuffles, then shared memory), P.
  __shared__ float red[kRows][2];
  const int r = tid / kLanes, key = tid % kLanes;
  const int qi = row0 + r;
  float acc[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
  for (int d = 0; d < kD; d += 16) {
#pragma unroll
    for (int u = 0; u < 4; ++u)
      if (d + 4 * u < kD) acc[u] = dot4(ld4(qs + r * kLd + d + 4 * u), ld4(ks + key * kLd + d + 4 * u), acc[u]);
  }
  const bool visible = qi < p.Sq && key < p.Sk && (!p.causal || p.k_offset + key <= p.q_offset + qi);
  float s = visible ? ((acc[0] + acc[1]) + (acc[2] + acc[3])) * p.scale : MaxOp::identity();
  auto row_reduce = [&](float v, bool is_max) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
      const float w = __shfl_xor_sync(0xffffffffu, v, o);
      v = is_max ? fmaxf(v, w) : v + w;
    }
    if ((tid & 31) == 0) red[r][(key >> 5) & 1] = v;
    __syncthreads();
    v = is_max ? fmaxf(red[r][0], red[r][1]) : red[r][0] + red[r][1];
    __syncthreads();
    return v;
  };
  const float m = row_reduce(s, true);
  const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
  const float e = expf(s - base);
  const float l = row_reduce(e, false);
  ps[r * kLdP + key] = l > 0.f ? e / l : 0.f;
  cp_async_wait<0>();
  __syncthreads();  // P and V visible

  // 4. O = P V: two threads per output float4 (keys [0, 32) and [32, 64)),
  //    two accumulators each, one shuffle to add the halves.
  constexpr int kItems = 2 * kRows * kD4;
  static_assert(kItems % 32 == 0, "whole warps take part in the shuffle");
  const int nk = min(p.Sk, kKeys);
#pragma unroll
  for (int item = tid; item < kItems; item += kThreads) {
    const int half = item & 1, o = item >> 1;
    const int rr = o / kD4, d = 4 * (o % kD4);
    const float* prow = ps + rr * kLdP;
    float4 a0 = zero4(), a1 = zero4();
    const int k0 = half * (kKeys / 2), k1 = min(nk, k0 + kKeys / 2);
#pragma unroll 4
    for (int k = k0; k < k1; k += 2) {
      a0 = axpy4(prow[k], ld4(vs + k * kD + d), a0);
      if (k + 1 < k1) a1 = axpy4(prow[k + 1], ld4(vs + (k + 1) * kD + d), a1);
    }
    float4 sum = make_float4(a0.x + a1.x, a0.y + a1.y, a0.z + a1.z, a0.w + a1.w);
    sum.x += __shfl_xor_sync(0xffffffffu, sum.x, 1);
    sum.y += __shfl_xor_sync(0xffffffffu, sum.y, 1);
    sum.z += __shfl_xor_sync(0xffffffffu, sum.z, 1);
    sum.w += __shfl_xor_sync(0xffffffffu, sum.w, 1);
    if (half == 0 && row0 + rr < p.Sq) st4(obase + std::size_t(row0 + rr) * kD + d, sum);
  }
}

template <int kD, class Pe>
inline void launch_static(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  static const bool configured = [] {
    set_max_dynamic_smem(&static_d_kernel<Pe, kD>, int(kSmemBytes<kD>));
    return true;
  }();
  (void)configured;
  const dim3 grid(unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B) * p.Hq);
  static_d_kernel<Pe, kD><<<grid, kThreads, kSmemBytes<kD>, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

// head_dim 64, 128 and 256 compiled; any other D runs v005's kernel.
template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  switch (p.D) {
    case 64: return launch_static<64>(p, pe, stream);
    case 128: return launch_static<128>(p, pe, stream);
    case 256: return launch_static<256>(p, pe, stream);
    default: return head_tile::launch_with<kRows>(p, pe, stream);
  }
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  head_tile_static_d::launch_with(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::head_tile_static_d
