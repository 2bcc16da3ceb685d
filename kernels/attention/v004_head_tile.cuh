// attention v004 — one launch for small head_dim: a block owns 16 query rows
// of one head and holds the head's whole K and V (Sk <= 64 keys, D <= 256) in
// shared memory, so at 1x4x64x128 the work is 16 blocks, one DRAM round trip
// and no inter-block reduction (v002's three launches and v003's cluster
// barriers are what its small-D time is made of).
//   1. cp.async: Q[16 x D], K[Sk x D], V[Sk x D] into shared memory (rows past
//      Sq / Sk zero-filled), one wait.
//   2. The PE hook (v002's interface) transforms Q and K in place, once per
//      element per block.
//   3. Scores: thread (r = tid / 16, tx = tid % 16) owns row r and keys tx,
//      tx+16, tx+32, tx+48; float4 dot products over D in fp32 (K rows
//      padded by 4 floats: a quarter-warp's reads fall in distinct banks);
//      the row's softmax through 16-lane shuffles; P to shared memory.
//   4. O: the same thread owns row r, dims 4tx + 64j; P broadcast, V float4.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 with a paired hook); any Sq;
// causal, GQA, cross supported.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v002_split_d.cuh"  // NoPe, the PE hook interface
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::v004 {

inline constexpr int kRows = 16;
inline constexpr int kKeys = 64;      // max Sk
inline constexpr int kMaxD = 256;
inline constexpr int kThreads = 256;  // 16 rows x 16 lanes

inline std::size_t smem_bytes(int D) {
  const std::size_t ld = std::size_t(D) + 4;
  return (kRows * ld + kKeys * ld + std::size_t(kKeys) * D + kRows * (kKeys + 4)) * sizeof(float);
}

template <class Pe>
__global__ void __launch_bounds__(kThreads) head_tile_kernel(const AttentionProblem p, const Pe pe) {
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
  if constexpr (!std::is_same_v<Pe, v002::NoPe>) {
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

  // 3. Scores and the row's softmax (16 lanes per row).
  const int r = tid >> 4, tx = tid & 15;
  const int qi = row0 + r;
  float s[4] = {0.f, 0.f, 0.f, 0.f};
  for (int d = 0; d < D; d += 4) {
    const float4 a = ld4(qs + r * ld + d);
#pragma unroll
    for (int c = 0; c < 4; ++c) s[c] = dot4(a, ld4(ks + (tx + 16 * c) * ld + d), s[c]);
  }
  float m = MaxOp::identity();
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    const int j = tx + 16 * c;
    const bool visible = qi < p.Sq && j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + qi);
    s[c] = visible ? s[c] * p.scale : MaxOp::identity();
    m = fmaxf(m, s[c]);
  }
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
  float l = 0.f;
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    s[c] = expf(s[c] - base);
    l += s[c];
  }
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) l += __shfl_xor_sync(0xffffffffu, l, o);
  const float inv = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
  for (int c = 0; c < 4; ++c) ps[r * (kKeys + 4) + tx + 16 * c] = s[c] * inv;
  __syncthreads();

  // 4. O = P V for row r, dims 4tx + 64j.
  if (qi >= p.Sq) return;
  float4 o[kMaxD / 64];
#pragma unroll
  for (int j = 0; j < kMaxD / 64; ++j) o[j] = zero4();
  const int nk = min(p.Sk, kKeys);
  for (int k = 0; k < nk; ++k) {
    const float pk = ps[r * (kKeys + 4) + k];
#pragma unroll
    for (int j = 0; j < kMaxD / 64; ++j)
      if (4 * tx + 64 * j < D) o[j] = axpy4(pk, ld4(vs + k * D + 4 * tx + 64 * j), o[j]);
  }
#pragma unroll
  for (int j = 0; j < kMaxD / 64; ++j)
    if (4 * tx + 64 * j < D) st4(obase + std::size_t(qi) * D + 4 * tx + 64 * j, o[j]);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  const std::size_t smem = smem_bytes(p.D);
  set_max_dynamic_smem(&head_tile_kernel<Pe>, int(smem));
  const dim3 grid(unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B) * p.Hq);
  head_tile_kernel<Pe><<<grid, kThreads, smem, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v004
