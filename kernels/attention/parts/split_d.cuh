// Part split_d, first built as attention v002:
// split head_dim across blocks to fill the chip when Sq, Sk
// <= 64 and D is huge. Three launches:
//   1. partial_scores_kernel, grid (chunks, B*Hq), 256 threads: the block owns
//      a range of 32-dim sub-tiles of one head. Per sub-tile it loads Q[64x32]
//      and K[64x32] (float4, prefetched into registers one sub-tile ahead),
//      applies the PE hook (once per element per query head), stores them
//      transposed in shared memory, and accumulates the 64x64 partial Q.K^T
//      with a 4x4 register tile per thread (16 FMA per two LDS.128).
//      It writes its 64x64 partial to workspace part[bh][chunk][64][64].
//   2. softmax_kernel, grid (ceil(Sq/4), B*Hq), 64x4 threads: thread (j, i)
//      sums the chunk partials of S[i][j] in DOUBLE in chunk order (fixed
//      order, deterministic, no cross-chunk fp32 rounding: the PE-dominated
//      scores reach D/2 in magnitude), scales, masks (causal), softmax across
//      the row, writes P[bh][i][j] (fp32).
//   3. pv_kernel, grid (chunks3, B*Hq), 256 threads: the block owns 64-dim
//      sub-tiles of O for one head: P^T [64x64] in shared memory once, V
//      sub-tiles [64 keys x 64 dims] prefetched one ahead; 4x4 register tile.
// Paired hooks (rope neox) change the sub-tile to 16 dims of the low half plus
// the same 16 dims of the high half, so a block rotates each pair it owns.
// Chunking aims at kTargetBlocks = 264 (2 per H100 SM) blocks per phase.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 with a paired hook); causal,
// GQA, cross supported. Workspace: B*Hq*(chunks+1)*64*64 floats.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::split_d {

inline constexpr int kS = 64;              // max Sq and Sk
inline constexpr int kLd = kS + 4;         // padded row of transposed tiles
inline constexpr int kSub1 = 32;           // dims per phase-1 sub-tile
inline constexpr int kSub3 = 64;           // dims per phase-3 sub-tile
inline constexpr int kThreads = 256;
inline constexpr int kTargetBlocks = 264;  // 2 per SM on a 132-SM H100

// Phase-1 PE hook: q/k transform dims d..d+3 of a row at position pos;
// q2/k2 (kPaired) transform dims i..i+3 (lo) with i+D/2.. (hi).
struct NoPe {
  static constexpr bool kPaired = false;
  __device__ void q(float4&, int, int) const {}
  __device__ void k(float4&, int, int) const {}
  __device__ void q2(float4&, float4&, int, int) const {}
  __device__ void k2(float4&, float4&, int, int) const {}
};

struct Plan {
  int nsub1, spb1, chunks1;  // phase 1: sub-tiles per head, per block, blocks per head
  int nsub3, spb3, chunks3;  // phase 3
};

// blocks1: the phase-1 blocks to aim for (v037: 3 per SM).
template <bool kPaired>
inline Plan make_plan(const AttentionProblem& p, int blocks1 = kTargetBlocks) {
  Plan pl{};
  const int bh = p.B * p.Hq;
  pl.nsub1 = kPaired ? ceil_div(p.D / 2, kSub1 / 2) : ceil_div(p.D, kSub1);
  pl.spb1 = std::max(1, ceil_div(pl.nsub1 * bh, blocks1));
  pl.chunks1 = ceil_div(pl.nsub1, pl.spb1);
  pl.nsub3 = ceil_div(p.D, kSub3);
  pl.spb3 = std::max(1, ceil_div(pl.nsub3 * bh, kTargetBlocks));
  pl.chunks3 = ceil_div(pl.nsub3, pl.spb3);
  return pl;
}

__host__ __device__ inline std::size_t part_bytes(const AttentionProblem& p, int chunks1) {
  return align_up(std::size_t(p.B) * p.Hq * chunks1 * kS * kS * sizeof(float), 256);
}
template <bool kPaired>
inline std::size_t workspace_bytes_for(const AttentionProblem& p, int blocks1 = kTargetBlocks) {
  const Plan pl = make_plan<kPaired>(p, blocks1);
  return part_bytes(p, pl.chunks1) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float);
}
inline std::size_t workspace_bytes(const AttentionProblem& p) { return workspace_bytes_for<false>(p); }

// ---------------------------------------------------------------- phase 1
template <class Pe>
__global__ void __launch_bounds__(kThreads)
    partial_scores_kernel(const AttentionProblem p, const Pe pe, float* __restrict__ part,
                          int nsub, int spb) {
  __shared__ __align__(16) float qs[kSub1][kLd];  // transposed: [slot dim][row]
  __shared__ __align__(16) float ks[kSub1][kLd];
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, chunks = gridDim.x;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kvh = h / (p.Hq / p.Hkv);
  const int D = p.D, half = D >> 1;
  const float* qbase = p.q + std::size_t(bh) * p.Sq * D;
  const float* kbase = p.k + std::size_t(b * p.Hkv + kvh) * p.Sk * D;

  // Loader assignment. Unpaired: rows r and r+32, slot f (dims 4f..4f+3 of the
  // sub-tile). Paired: row r, low-half slot f and high-half slot f+4.
  const int r = Pe::kPaired ? (tid >> 2) : (tid >> 3);
  const int f = Pe::kPaired ? (tid & 3) : (tid & 7);
  const int ra = r, rb = Pe::kPaired ? r : r + 32;
  const int slot_a = f, slot_b = Pe::kPaired ? f + 4 : f;

  const int s_begin = chunk * spb;
  const int s_end = min(nsub, s_begin + spb);

  float4 qa, qb, ka, kb;
  int da = 0, db = 0;  // dims of the prefetched float4s (or -1 if outside D)
  auto load = [&](int s) {
    if constexpr (Pe::kPaired) {
      const int i = s * (kSub1 / 2) + 4 * f;
      da = i < half ? i : -1;
      db = i < half ? half + i : -1;
    } else {
      const int d = s * kSub1 + 4 * f;
      da = db = d < D ? d : -1;
    }
    qa = qb = ka = kb = zero4();
    if (da >= 0) {
      if (ra < p.Sq) qa = ldg4(qbase + std::size_t(ra) * D + da);
      if (rb < p.Sq) qb = ldg4(qbase + std::size_t(rb) * D + db);
      if (ra < p.Sk) ka = ldg4(kbase + std::size_t(ra) * D + da);
      if (rb < p.Sk) kb = ldg4(kbase + std::size_t(rb) * D + db);
    }
  };

  const int ty = tid >> 4, tx = tid & 15;
  float acc[4][4];
#pragma unroll
  for (int a = 0; a < 4; ++a)
#pragma unroll
    for (int c = 0; c < 4; ++c) acc[a][c] = 0.f;

  if (s_begin < s_end) load(s_begin);
  for (int s = s_begin; s < s_end; ++s) {
    // PE on the landed registers (rows outside Sq/Sk stay zero).
    if (da >= 0) {
      if constexpr (Pe::kPaired) {
        if (ra < p.Sq) pe.q2(qa, qb, p.q_offset + ra, da);
        if (ra < p.Sk) pe.k2(ka, kb, p.k_offset + ra, da);
      } else {
        if (ra < p.Sq) pe.q(qa, p.q_offset + ra, da);
        if (rb < p.Sq) pe.q(qb, p.q_offset + rb, db);
        if (ra < p.Sk) pe.k(ka, p.k_offset + ra, da);
        if (rb < p.Sk) pe.k(kb, p.k_offset + rb, db);
      }
    }
    __syncthreads();  // previous sub-tile's compute is done with qs/ks
    qs[4 * slot_a + 0][ra] = qa.x; qs[4 * slot_a + 1][ra] = qa.y;
    qs[4 * slot_a + 2][ra] = qa.z; qs[4 * slot_a + 3][ra] = qa.w;
    qs[4 * slot_b + 0][rb] = qb.x; qs[4 * slot_b + 1][rb] = qb.y;
    qs[4 * slot_b + 2][rb] = qb.z; qs[4 * slot_b + 3][rb] = qb.w;
    ks[4 * slot_a + 0][ra] = ka.x; ks[4 * slot_a + 1][ra] = ka.y;
    ks[4 * slot_a + 2][ra] = ka.z; ks[4 * slot_a + 3][ra] = ka.w;
    ks[4 * slot_b + 0][rb] = kb.x; ks[4 * slot_b + 1][rb] = kb.y;
    ks[4 * slot_b + 2][rb] = kb.z; ks[4 * slot_b + 3][rb] = kb.w;
    __syncthreads();
    if (s + 1 < s_end) load(s + 1);  // in flight during the FMAs below
#pragma unroll 8
    for (int kk = 0; kk < kSub1; ++kk) {
      const float4 a = ld4(&qs[kk][ty * 4]);
      const float4 c = ld4(&ks[kk][tx * 4]);
      const float av[4] = {a.x, a.y, a.z, a.w};
      const float cv[4] = {c.x, c.y, c.z, c.w};
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(av[i], cv[j], acc[i][j]);
    }
  }
  float* out = part + (std::size_t(bh) * chunks + chunk) * kS * kS;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    st4(out + (ty * 4 + i) * kS + tx * 4, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
}

// ---------------------------------------------------------------- phase 2
// The softmax of one block: blockDim (64, 4), four rows of one head.
__device__ __forceinline__ void softmax_body(const AttentionProblem& p,
                                             const float* part, int chunks,
                                             float* __restrict__ P) {
  __shared__ float red[4][2];
  const int j = threadIdx.x, y = threadIdx.y;
  const int i = blockIdx.x * 4 + y;
  const int bh = blockIdx.y;
  const bool visible = i < p.Sq && j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
  float s = MaxOp::identity();
  if (visible) {
    const float* src = part + std::size_t(bh) * chunks * kS * kS + i * kS + j;
    double sum = 0.0;
    for (int c = 0; c < chunks; ++c) sum += double(src[std::size_t(c) * kS * kS]);
    s = float(sum * double(p.scale));
  }
  const int w = j >> 5, lane = j & 31;  // two warps per row
  float m = warp_max(s);
  if (lane == 0) red[y][w] = m;
  __syncthreads();
  m = fmaxf(red[y][0], red[y][1]);
  __syncthreads();
  const float e = visible ? expf(s - m) : 0.f;
  float l = warp_sum(e);
  if (lane == 0) red[y][w] = l;
  __syncthreads();
  l = red[y][0] + red[y][1];
  if (i < p.Sq) P[(std::size_t(bh) * kS + i) * kS + j] = l > 0.f ? e / l : 0.f;
}

static __global__ void __launch_bounds__(kS * 4)
    softmax_kernel(const AttentionProblem p, const float* __restrict__ part, int chunks,
                   float* __restrict__ P) {
  softmax_body(p, part, chunks, P);
}

// ---------------------------------------------------------------- phase 3
// P^T of head bh into shared memory, pt[key][query] (rows past Sq zero);
// kBlockThreads threads (a multiple of 16), one float4 of P per thread and
// repetition.
template <int kBlockThreads = kThreads>
__device__ __forceinline__ void load_p_transposed(const AttentionProblem& p,
                                                  const float* P, int bh,
                                                  float (*pt)[kLd]) {
  static_assert(kBlockThreads % 16 == 0 && (kS * kS / 4) % kBlockThreads == 0, "whole repetitions");
  const float* src = P + std::size_t(bh) * kS * kS;
  const int j4 = threadIdx.x & 15;
#pragma unroll
  for (int rep = 0; rep < kS * kS / 4 / kBlockThreads; ++rep) {
    const int i = (threadIdx.x >> 4) + kBlockThreads / 16 * rep;
    const float4 x = i < p.Sq ? ld4(src + i * kS + 4 * j4) : zero4();
    pt[4 * j4 + 0][i] = x.x;
    pt[4 * j4 + 1][i] = x.y;
    pt[4 * j4 + 2][i] = x.z;
    pt[4 * j4 + 3][i] = x.w;
  }
}

// Where the V rows ([Sk][D]) of query head bh = b * Hq + h start: those of
// its kv head h / (Hq / Hkv) (GQA).
__device__ __forceinline__ const float* v_rows_of_head(const AttentionProblem& p, int bh) {
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kvh = h / (p.Hq / p.Hkv);
  return p.v + std::size_t(b * p.Hkv + kvh) * p.Sk * p.D;
}

// V sub-tile s (64 keys x kSub3 dims) into registers: float4 (tid & 15) of
// keys (tid >> 4) + 16 * rep; keys past Sk and dims past D read as zero.
__device__ __forceinline__ void load_v_tile(const AttentionProblem& p,
                                            const float* __restrict__ vbase, int s,
                                            float4 (&vr)[4]) {
  const int d = s * kSub3 + 4 * (threadIdx.x & 15);
#pragma unroll
  for (int rep = 0; rep < 4; ++rep) {
    const int j = (threadIdx.x >> 4) + 16 * rep;
    vr[rep] = (j < p.Sk && d < p.D) ? ldg4(vbase + std::size_t(j) * p.D + d) : zero4();
  }
}

static __global__ void __launch_bounds__(kThreads)
    pv_kernel(const AttentionProblem p, const float* __restrict__ P, int nsub, int spb) {
  __shared__ __align__(16) float pt[kS][kLd];   // P^T: [key][query]
  __shared__ __align__(16) float vs[kS][kSub3];  // [key][dim]
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = v_rows_of_head(p, bh);
  float* obase = p.out + std::size_t(bh) * p.Sq * D;

  load_p_transposed(p, P, bh, pt);  // P^T once per block

  const int s_begin = chunk * spb;
  const int s_end = min(nsub, s_begin + spb);
  const int f = tid & 15;  // loader: float4 f of rows (tid>>4) + 16*rep
  float4 vr[4];
  auto load = [&](int s) { load_v_tile(p, vbase, s, vr); };
  const int ty = tid >> 4, tx = tid & 15;
  if (s_begin < s_end) load(s_begin);
  for (int s = s_begin; s < s_end; ++s) {
    __syncthreads();  // previous compute done with vs (first pass: pt written)
#pragma unroll
    for (int rep = 0; rep < 4; ++rep) st4(&vs[(tid >> 4) + 16 * rep][4 * f], vr[rep]);
    __syncthreads();
    if (s + 1 < s_end) load(s + 1);
    float4 acc[4] = {zero4(), zero4(), zero4(), zero4()};
#pragma unroll 8
    for (int k = 0; k < kS; ++k) {
      const float4 a = ld4(&pt[k][ty * 4]);
      const float4 v = ld4(&vs[k][tx * 4]);
      acc[0] = axpy4(a.x, v, acc[0]);
      acc[1] = axpy4(a.y, v, acc[1]);
      acc[2] = axpy4(a.z, v, acc[2]);
      acc[3] = axpy4(a.w, v, acc[3]);
    }
    const int d = s * kSub3 + 4 * tx;
    if (d < D) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int row = ty * 4 + i;
        if (row < p.Sq) st4(obase + std::size_t(row) * D + d, acc[i]);
      }
    }
  }
}

// Phases 2 and 3 for a problem whose partials are in `workspace`.
template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  const Plan pl = make_plan<Pe::kPaired>(p);
  float* part = static_cast<float*>(workspace);
  float* P = reinterpret_cast<float*>(static_cast<char*>(workspace) + part_bytes(p, pl.chunks1));
  const unsigned bh = unsigned(p.B) * p.Hq;
  partial_scores_kernel<Pe><<<dim3(pl.chunks1, bh), kThreads, 0, stream>>>(p, pe, part, pl.nsub1,
                                                                          pl.spb1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  softmax_kernel<<<dim3(ceil_div(p.Sq, 4), bh), dim3(kS, 4), 0, stream>>>(p, part, pl.chunks1, P);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  pv_kernel<<<dim3(pl.chunks3, bh), kThreads, 0, stream>>>(p, P, pl.nsub3, pl.spb3);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_with(p, NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::split_d
