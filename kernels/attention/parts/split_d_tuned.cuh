// Part split_d_tuned, first built as attention v006:
// v002's three split-D phases, tuned from the ncu profile of
// v002's phase 1 at 1x4x64x16384 (FMA pipe 34 % busy, IPC 2.1 of 4, 4-way bank
// conflicts on 75 % of the transposed-store wavefronts, short-scoreboard
// stalls 2.9 of 7.0 cycles between a warp's instructions):
//   phase 1: a warp loads one 32-byte column group (8 dims) of 32 consecutive
//            rows, so each lane reads a whole sector and the warp's transposed
//            stores hit 32 consecutive words (conflict-free); the transposed
//            tiles are double-buffered (one barrier per sub-tile instead of
//            two); shared-memory operands are loaded one step ahead of the FMAs.
//   phase 3: the V tile is double-buffered too, operands one step ahead.
//   launches: programmatic dependent launch. The softmax and phase 3 grids
//            are scheduled as the previous grid's blocks exit; the softmax
//            waits for phase 1's partials (cudaGridDependencySynchronize);
//            phase 3 puts its first V tile in flight before it waits for P.
//            No block triggers early: a trigger lets the dependent grid pass
//            its wait before the trigger's own later stores (measured: an
//            early trigger gave wrong results on every multi-tile case).
// Paired hooks (rope neox): a warp takes 8 dims of the low half and the same
// 8 of the high half for one tensor (Q or K), and rotates them together.
// Plan, partial layout, softmax: v002's. Limits: as v002 (Sq, Sk <= 64,
// D % 4 == 0, D % 8 with a paired hook; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::split_d_tuned {

using split_d::kLd;
using split_d::kS;
using split_d::kSub1;
using split_d::kSub3;
using split_d::kThreads;

// acc[i][c] += a[i] * b[c]
__device__ __forceinline__ void outer4x4(float (&acc)[4][4], float4 a, float4 b) {
  const float av[4] = {a.x, a.y, a.z, a.w};
  const float bv[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int c = 0; c < 4; ++c) acc[i][c] = fmaf(av[i], bv[c], acc[i][c]);
}

// ---------------------------------------------------------------- phase 1
// The sub-tile loader: Q and K sub-tiles [64 rows x kSub1 dims] of one head
// through registers, the PE hook on the landed registers, transposed
// conflict-free stores into t[dim][row] (kLd-padded). 256 threads.
// Unpaired: column group g = warp & 3 (dims 8g..8g+7 of the sub-tile) of Q
// and K row 32 * (warp >> 2) + lane. Paired: group g = warp & 1 (pairs
// 8g..8g+7: low dims and the same high dims) of row 32 * (warp >> 2) + lane
// of Q (warp & 2 == 0) or K.
// kEvictFirst (attention v021): Q and K are read under an L2 evict-first
// policy, so that lines prefetched for a later phase are not their victims.
// What every phase-1 loader knows of its head: where its Q and K rows start
// and the problem's extents (v020's loader shares it).
struct QkHead {
  const float* qbase;
  const float* kbase;
  int D, half, Sq, Sk, q_offset, k_offset;

  __device__ QkHead(const AttentionProblem& p, int bh) {
    const int h = bh % p.Hq, b = bh / p.Hq;
    const int kvh = h / (p.Hq / p.Hkv);
    D = p.D;
    half = D >> 1;
    Sq = p.Sq;
    Sk = p.Sk;
    q_offset = p.q_offset;
    k_offset = p.k_offset;
    qbase = p.q + std::size_t(bh) * Sq * D;
    kbase = p.k + std::size_t(b * p.Hkv + kvh) * Sk * D;
  }
};

template <class Pe, bool kEvictFirst = false>
struct QkSubTiles : QkHead {
  int row, g;
  bool paired_is_q;
  float4 x[4];  // unpaired: q0 q1 k0 k1; paired: lo0 lo1 hi0 hi1 of one tensor
  int dim0 = -1;
  unsigned long long policy = 0;

  __device__ __forceinline__ float4 get(const float* src) const {
    if constexpr (kEvictFirst) return ldg4_policy(src, policy);
    return ldg4(src);
  }

  __device__ QkSubTiles(const AttentionProblem& p, int bh) : QkHead(p, bh) {
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    row = 32 * (warp >> 2) + lane;
    g = Pe::kPaired ? (warp & 1) : (warp & 3);
    paired_is_q = (warp & 2) == 0;
    if constexpr (kEvictFirst) policy = l2_policy_evict_first();
  }

  // Sub-tile s into registers (rows past Sq / Sk and dims past D read as zero).
  __device__ __forceinline__ void load(int s) {
#pragma unroll
    for (int n = 0; n < 4; ++n) x[n] = zero4();
    if constexpr (Pe::kPaired) {
      const int i = s * (kSub1 / 2) + 8 * g;
      dim0 = i < half ? i : -1;
      const bool in_rows = row < (paired_is_q ? Sq : Sk);
      if (dim0 >= 0 && in_rows) {
        const float* src = (paired_is_q ? qbase : kbase) + std::size_t(row) * D;
        x[0] = get(src + i);
        if (i + 4 < half) x[1] = get(src + i + 4);
        x[2] = get(src + half + i);
        if (i + 4 < half) x[3] = get(src + half + i + 4);
      }
    } else {
      const int d = s * kSub1 + 8 * g;
      dim0 = d < D ? d : -1;
      if (dim0 >= 0) {
        const bool two = d + 4 < D;
        if (row < Sq) {
          x[0] = get(qbase + std::size_t(row) * D + d);
          if (two) x[1] = get(qbase + std::size_t(row) * D + d + 4);
        }
        if (row < Sk) {
          x[2] = get(kbase + std::size_t(row) * D + d);
          if (two) x[3] = get(kbase + std::size_t(row) * D + d + 4);
        }
      }
    }
  }

  // The PE on the landed registers (rows past Sq / Sk and dims past D stay zero).
  __device__ __forceinline__ void apply_pe(const Pe& pe) {
    if constexpr (Pe::kPaired) {
      if (dim0 >= 0 && row < (paired_is_q ? Sq : Sk)) {
        const int pos = (paired_is_q ? q_offset : k_offset) + row;
        if (paired_is_q) {
          pe.q2(x[0], x[2], pos, dim0);
          if (dim0 + 4 < half) pe.q2(x[1], x[3], pos, dim0 + 4);
        } else {
          pe.k2(x[0], x[2], pos, dim0);
          if (dim0 + 4 < half) pe.k2(x[1], x[3], pos, dim0 + 4);
        }
      }
    } else if (dim0 >= 0) {
      if (row < Sq) {
        pe.q(x[0], q_offset + row, dim0);
        if (dim0 + 4 < D) pe.q(x[1], q_offset + row, dim0 + 4);
      }
      if (row < Sk) {
        pe.k(x[2], k_offset + row, dim0);
        if (dim0 + 4 < D) pe.k(x[3], k_offset + row, dim0 + 4);
      }
    }
  }

  // Hands each landed float4 to put(is_q, row, sub-tile column, value):
  // columns 8g.. and 8g+4.. (paired: low dims there, the same high dims at
  // 16 + ...).
  template <class Put>
  __device__ __forceinline__ void for_each(Put&& put) const {
    if constexpr (Pe::kPaired) {
      put(paired_is_q, row, 8 * g, x[0]);
      put(paired_is_q, row, 8 * g + 4, x[1]);
      put(paired_is_q, row, 16 + 8 * g, x[2]);
      put(paired_is_q, row, 16 + 8 * g + 4, x[3]);
    } else {
      put(true, row, 8 * g, x[0]);
      put(true, row, 8 * g + 4, x[1]);
      put(false, row, 8 * g, x[2]);
      put(false, row, 8 * g + 4, x[3]);
    }
  }

  // The PE, then the transposed stores into qt / kt.
  __device__ __forceinline__ void store(const Pe& pe, float (*qt)[kLd], float (*kt)[kLd]) {
    apply_pe(pe);
    for_each([&](bool is_q, int, int col, float4 v) { put(is_q ? qt : kt, col, v); });
  }

  __device__ __forceinline__ void put(float (*t)[kLd], int col, float4 v) const {
    t[col + 0][row] = v.x;
    t[col + 1][row] = v.y;
    t[col + 2][row] = v.z;
    t[col + 3][row] = v.w;
  }
};

template <class Pe>
__global__ void __launch_bounds__(kThreads, 2)
    partial_scores_kernel(const AttentionProblem p, const Pe pe, float* __restrict__ part,
                          int nsub, int spb) {
  __shared__ __align__(16) float qs[2][kSub1][kLd];  // [buffer][sub-tile dim][row]
  __shared__ __align__(16) float ks[2][kSub1][kLd];
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, chunks = gridDim.x;
  QkSubTiles<Pe> tiles(p, bh);

  const int ty = tid >> 4, tx = tid & 15;
  float acc[4][4] = {};
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) tiles.load(s_begin);
  for (int s = s_begin; s < s_end; ++s) {
    const int buf = (s - s_begin) & 1;
    tiles.store(pe, qs[buf], ks[buf]);
    // One barrier: this buffer is complete, and every warp is past the
    // previous sub-tile's compute, which read the other buffer.
    __syncthreads();
    if (s + 1 < s_end) tiles.load(s + 1);  // in flight during the FMAs below
    const float(*qt)[kLd] = qs[buf];
    const float(*kt)[kLd] = ks[buf];
    float4 a = ld4(&qt[0][4 * ty]), bb = ld4(&kt[0][4 * tx]);
#pragma unroll
    for (int kk = 0; kk < kSub1; ++kk) {
      float4 an = a, bn = bb;
      if (kk + 1 < kSub1) {
        an = ld4(&qt[kk + 1][4 * ty]);
        bn = ld4(&kt[kk + 1][4 * tx]);
      }
      outer4x4(acc, a, bb);
      a = an;
      bb = bn;
    }
  }
  float* out = part + (std::size_t(bh) * chunks + chunk) * kS * kS;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    st4(out + (4 * ty + i) * kS + 4 * tx, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
}

// ---------------------------------------------------------------- phase 2
// v002's softmax after the programmatic dependency on phase 1.
static __global__ void __launch_bounds__(kS * 4)
    softmax_after_kernel(const AttentionProblem p, const float* part, int chunks,
                         float* __restrict__ P) {
  cudaGridDependencySynchronize();  // phase 1's partials are complete and visible
  split_d::softmax_body(p, part, chunks, P);
}

// ---------------------------------------------------------------- phase 3
// Block (chunk, bh) of phase 3; put_pt(pt) fills P^T [key][query] once what
// it reads is complete (v034 passes the softmax of the summed scores).
template <class PutPt>
__device__ __forceinline__ void pv_block(const AttentionProblem& p, int nsub, int spb, PutPt put_pt) {
  extern __shared__ __align__(16) float pv_smem[];  // 49 KB: dynamic
  float(*pt)[kLd] = reinterpret_cast<float(*)[kLd]>(pv_smem);                      // P^T [key][query]
  float(*vs)[kS][kSub3] = reinterpret_cast<float(*)[kS][kSub3]>(pv_smem + kS * kLd);  // [buffer][key][dim]
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = split_d::v_rows_of_head(p, bh);
  float* obase = p.out + std::size_t(bh) * p.Sq * D;

  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  const int f = tid & 15;  // loader: float4 f of rows (tid >> 4) + 16 * rep
  float4 vr[4];
  auto load = [&](int s) { split_d::load_v_tile(p, vbase, s, vr); };
  if (s_begin < s_end) load(s_begin);  // V does not depend on phase 2

  cudaGridDependencySynchronize();  // P is complete and visible
  put_pt(pt);
  const int ty = tid >> 4, tx = tid & 15;
  for (int s = s_begin; s < s_end; ++s) {
    const int buf = (s - s_begin) & 1;
#pragma unroll
    for (int rep = 0; rep < 4; ++rep) st4(&vs[buf][(tid >> 4) + 16 * rep][4 * f], vr[rep]);
    __syncthreads();  // this V buffer (and, the first time, P^T) is complete
    if (s + 1 < s_end) load(s + 1);
    float acc[4][4] = {};
    float4 a = ld4(&pt[0][4 * ty]), v = ld4(&vs[buf][0][4 * tx]);
#pragma unroll 16
    for (int k = 0; k < kS; ++k) {
      float4 an = a, vn = v;
      if (k + 1 < kS) {
        an = ld4(&pt[k + 1][4 * ty]);
        vn = ld4(&vs[buf][k + 1][4 * tx]);
      }
      outer4x4(acc, a, v);
      a = an;
      v = vn;
    }
    const int d = s * kSub3 + 4 * tx;
    if (d < D) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int r = 4 * ty + i;
        if (r < p.Sq) st4(obase + std::size_t(r) * D + d, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
      }
    }
  }
}

static __global__ void __launch_bounds__(kThreads, 2)
    pv_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
  pv_block(p, nsub, spb, [&](float(*pt)[kLd]) { split_d::load_p_transposed(p, P, blockIdx.y, pt); });
}

inline constexpr std::size_t kPvSmemBytes = (std::size_t(kS) * kLd + 2 * kS * kSub3) * sizeof(float);

// Three launches; the second and third may start early (programmatic
// dependent launch) and wait inside for what they need.
template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  const split_d::Plan pl = split_d::make_plan<Pe::kPaired>(p);
  float* part = static_cast<float*>(workspace);
  float* P = reinterpret_cast<float*>(static_cast<char*>(workspace) + split_d::part_bytes(p, pl.chunks1));
  const unsigned bh = unsigned(p.B) * p.Hq;
  split_d_tuned::partial_scores_kernel<Pe><<<dim3(pl.chunks1, bh), kThreads, 0, stream>>>(p, pe, part, pl.nsub1,
                                                                          pl.spb1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());

  cudaLaunchAttribute early{};
  early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  early.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg{};
  cfg.stream = stream;
  cfg.attrs = &early;
  cfg.numAttrs = 1;
  cfg.gridDim = dim3(ceil_div(p.Sq, 4), bh);
  cfg.blockDim = dim3(kS, 4);
  FUSELAB_CUDA_CHECK(cudaLaunchKernelEx(&cfg, softmax_after_kernel, p, static_cast<const float*>(part),
                                        pl.chunks1, P));
  cfg.gridDim = dim3(pl.chunks3, bh);
  cfg.blockDim = dim3(kThreads);
  cfg.dynamicSmemBytes = kPvSmemBytes;
  set_max_dynamic_smem(&split_d_tuned::pv_kernel, int(kPvSmemBytes));
  FUSELAB_CUDA_CHECK(cudaLaunchKernelEx(&cfg, split_d_tuned::pv_kernel, p, static_cast<const float*>(P), pl.nsub3,
                                        pl.spb3));
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return split_d::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_tuned::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::split_d_tuned
