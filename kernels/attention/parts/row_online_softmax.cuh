// Part row_online_softmax, first built as attention v001:
// the original study's base kernel, made correct and general.
// One block per (batch, query head, group of QPB query rows) (QPB = 1 here;
// the PE families reuse the template with 4). The Q rows live in shared
// memory (QPB*D floats, up to 64 KB at D = 16384, dynamic smem). K and V are
// streamed from global memory in tiles of 64 keys:
//   scores: warp w takes keys w, w+8, ...; its lanes stride the key's row in
//           float4 steps and reduce with xor-shuffles; lane 0 writes
//           scale*dot (or -inf when masked) to shared scores[QPB][64].
//   online softmax: tile max and tile sum by block reductions that broadcast
//           to every thread (the study's bug was a warp-0-only result).
//   P.V: each thread owns float4 columns tid, tid+THREADS, ... (NV of them,
//        accumulators in registers, NV chosen per launch so NV*THREADS*4 >= D).
// The PE hook (template Pe) transforms Q as it lands in shared memory and K
// as each element is read for each query block (the study's fusion, with its
// Sq-fold redundancy on K); NoPe does nothing.
// Limits: D % 4 == 0 (D % 8 for paired/neox PE), D <= 16384 (NV <= 16 at 256
// threads); any Sq, Sk; causal, GQA, cross supported.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>

#include "kernels/common/check.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::row_online_softmax {

inline constexpr int kTileK = 64;

// PE hook interface. kPaired: the transform couples dims i and i + D/2 (rope
// neox); then q2/k2 get the float4 at i (lo) and at i + D/2 (hi).
// smem_floats(D): shared cache the hook wants (prepare() fills it).
struct NoPe {
  static constexpr bool kPaired = false;
  static constexpr int smem_floats(int) { return 0; }
  __device__ void prepare(const AttentionProblem&, float*) const {}
  __device__ void q(float4&, int, int, const float*) const {}
  __device__ void k(float4&, int, int, const float*) const {}
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

// K staging (the rope study's V5/V6; kStageK = true): instead of each warp
// reading K rows from global, the block stages sub-tiles of `bk` keys x `dt`
// dims of K in shared memory, applies the PE hook there once per block, and
// the warps read the dot products' K operand from shared memory. dt == D is
// "whole K rows in shared memory" (V5); dt < D also tiles head_dim (V6). With
// a paired hook dt counts dims of both halves: a sub-tile holds dt/2 pairs.
struct KStage {
  int bk = 0;  // keys per staged sub-tile
  int dt = 0;  // dims per staged sub-tile (multiple of 8)
};
template <class Pe>
inline std::size_t kstage_floats(const KStage& ks) {
  return ks.bk > 0 ? std::size_t(ks.bk) * (ks.dt + 4) : 0;
}

// Scores of one 64-key tile with K staged in shared memory (see KStage):
// scores[q][jj] = scale * q.k (or -inf when masked) for jj < 64.
template <int QPB, int THREADS, class Pe>
__device__ void staged_scores(const AttentionProblem& p, const Pe& pe, const KStage& ks,
                              const float* cache, const float* qs, const float* kbase, int j0,
                              int nt, int q0, int nq, float* scores) {
  constexpr int NW = THREADS / 32;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int D = p.D, half = D >> 1;
  const int ldk = ks.dt + 4;
  float* kst = const_cast<float*>(cache) + Pe::smem_floats(D);  // [bk][dt + 4]
  for (int i = tid; i < QPB * kTileK; i += THREADS) scores[i] = 0.f;
  // Sub-tile columns: unpaired, dims d0 + c; paired, c < dt/2 is dim i0 + c of
  // the low half and c >= dt/2 dim half + i0 + c - dt/2.
  const int span = Pe::kPaired ? half : D;             // extent walked by d0
  const int step = Pe::kPaired ? ks.dt / 2 : ks.dt;    // d0 advance per sub-tile
  for (int kb = 0; kb < nt; kb += ks.bk) {
    const int nb = min(ks.bk, nt - kb);
    for (int d0 = 0; d0 < span; d0 += step) {
      const int w = min(step, span - d0);  // valid extent (multiple of 4)
      __syncthreads();                     // the previous sub-tile is consumed
      if constexpr (Pe::kPaired) {
        for (int idx = tid; idx < nb * (w / 4); idx += THREADS) {
          const int key = idx / (w / 4), u = idx % (w / 4);
          const float* krow = kbase + std::size_t(j0 + kb + key) * D;
          float4 lo = ldg4(krow + d0 + 4 * u), hi = ldg4(krow + half + d0 + 4 * u);
          pe.k2(lo, hi, p.k_offset + j0 + kb + key, d0 + 4 * u, cache);
          st4(kst + key * ldk + 4 * u, lo);
          st4(kst + key * ldk + step + 4 * u, hi);
        }
      } else {
        for (int idx = tid; idx < nb * (w / 4); idx += THREADS) {
          const int key = idx / (w / 4), u = idx % (w / 4);
          float4 kx = ldg4(kbase + std::size_t(j0 + kb + key) * D + d0 + 4 * u);
          pe.k(kx, p.k_offset + j0 + kb + key, d0 + 4 * u, cache);
          st4(kst + key * ldk + 4 * u, kx);
        }
      }
      __syncthreads();
      for (int key = warp; key < nb; key += NW) {  // warp-uniform
        float dot[QPB];
#pragma unroll
        for (int q = 0; q < QPB; ++q) dot[q] = 0.f;
        for (int u = lane; u < w / 4; u += 32) {
          const float4 lo = ld4(kst + key * ldk + 4 * u);
#pragma unroll
          for (int q = 0; q < QPB; ++q) dot[q] = dot4(ld4(qs + q * D + d0 + 4 * u), lo, dot[q]);
          if constexpr (Pe::kPaired) {
            const float4 hi = ld4(kst + key * ldk + step + 4 * u);
#pragma unroll
            for (int q = 0; q < QPB; ++q)
              dot[q] = dot4(ld4(qs + q * D + half + d0 + 4 * u), hi, dot[q]);
          }
        }
#pragma unroll
        for (int q = 0; q < QPB; ++q) dot[q] = warp_sum(dot[q]);
        if (lane == 0)
#pragma unroll
          for (int q = 0; q < QPB; ++q) scores[q * kTileK + kb + key] += dot[q];
      }
    }
  }
  __syncthreads();
  for (int i = tid; i < QPB * kTileK; i += THREADS) {
    const int q = i / kTileK, jj = i % kTileK;
    const bool visible =
        jj < nt && q < nq && (!p.causal || p.k_offset + j0 + jj <= p.q_offset + q0 + q);
    scores[i] = visible ? scores[i] * p.scale : MaxOp::identity();
  }
}

template <int NV, int QPB, int THREADS, class Pe, bool kStageK = false>
// min 2 blocks/SM at 256 threads: without it ptxas spilled 8 bytes at NV=8.
__global__ void __launch_bounds__(THREADS, THREADS <= 256 ? 2 : 1)
    row_kernel(const AttentionProblem p, const Pe pe, const KStage ks = {}) {
  static_assert(THREADS >= kTileK && THREADS % 32 == 0, "one thread per tile key needed");
  constexpr int NW = THREADS / 32;
  extern __shared__ float4 smem4[];
  float* qs = reinterpret_cast<float*>(smem4);  // [QPB][D], PE applied
  float* cache = qs + QPB * p.D;                // [Pe::smem_floats(D)]
  __shared__ float scores[QPB][kTileK];
  __shared__ float red[QPB * 32];

  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int D = p.D, D4 = D >> 2, D8 = D >> 3, half = D >> 1;
  const int groups = (p.Sq + QPB - 1) / QPB;
  const int qg = blockIdx.x % groups;
  const int bh = blockIdx.x / groups;  // b * Hq + h
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kvh = h / (p.Hq / p.Hkv);
  const int q0 = qg * QPB;
  const int nq = min(QPB, p.Sq - q0);
  const float* qbase = p.q + (std::size_t(bh) * p.Sq + q0) * D;
  const float* kbase = p.k + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  const float* vbase = p.v + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  float* obase = p.out + (std::size_t(bh) * p.Sq + q0) * D;

  pe.prepare(p, cache);
  __syncthreads();

#pragma unroll
  for (int q = 0; q < QPB; ++q) {
    const float* qrow = qbase + std::size_t(q) * D;
    float* qd = qs + q * D;
    const int pos = p.q_offset + q0 + q;
    if constexpr (Pe::kPaired) {
      for (int u = tid; u < D8; u += THREADS) {
        float4 lo = zero4(), hi = zero4();
        if (q < nq) {
          lo = ldg4(qrow + 4 * u);
          hi = ldg4(qrow + half + 4 * u);
          pe.q2(lo, hi, pos, 4 * u, cache);
        }
        st4(qd + 4 * u, lo);
        st4(qd + half + 4 * u, hi);
      }
    } else {
      for (int d4 = tid; d4 < D4; d4 += THREADS) {
        float4 x = zero4();
        if (q < nq) {
          x = ldg4(qrow + 4 * d4);
          pe.q(x, pos, 4 * d4, cache);
        }
        st4(qd + 4 * d4, x);
      }
    }
  }
  __syncthreads();

  // Keys this block needs: up to the last visible key of its last query.
  int kv_end = p.Sk;
  if (p.causal) kv_end = max(0, min(p.Sk, p.q_offset + q0 + nq - 1 - p.k_offset + 1));

  float m[QPB], l[QPB];
  float4 acc[QPB][NV];
#pragma unroll
  for (int q = 0; q < QPB; ++q) {
    m[q] = MaxOp::identity();
    l[q] = 0.f;
#pragma unroll
    for (int n = 0; n < NV; ++n) acc[q][n] = zero4();
  }

  for (int j0 = 0; j0 < kv_end; j0 += kTileK) {
    const int nt = min(kTileK, kv_end - j0);
    // ---- scores of this tile
    if constexpr (kStageK) {
      staged_scores<QPB, THREADS>(p, pe, ks, cache, qs, kbase, j0, nt, q0, nq, &scores[0][0]);
    } else
    for (int jj = warp; jj < kTileK; jj += NW) {
      const int j = j0 + jj;
      float dot[QPB];
#pragma unroll
      for (int q = 0; q < QPB; ++q) dot[q] = 0.f;
      if (jj < nt) {  // warp-uniform
        const float* krow = kbase + std::size_t(j) * D;
        const int pos_k = p.k_offset + j;
        if constexpr (Pe::kPaired) {
          for (int u = lane; u < D8; u += 32) {
            float4 lo = ldg4(krow + 4 * u), hi = ldg4(krow + half + 4 * u);
            pe.k2(lo, hi, pos_k, 4 * u, cache);
#pragma unroll
            for (int q = 0; q < QPB; ++q)
              dot[q] = dot4(ld4(qs + q * D + half + 4 * u), hi,
                            dot4(ld4(qs + q * D + 4 * u), lo, dot[q]));
          }
        } else {
          for (int d4 = lane; d4 < D4; d4 += 32) {
            float4 kx = ldg4(krow + 4 * d4);
            pe.k(kx, pos_k, 4 * d4, cache);
#pragma unroll
            for (int q = 0; q < QPB; ++q) dot[q] = dot4(ld4(qs + q * D + 4 * d4), kx, dot[q]);
          }
        }
#pragma unroll
        for (int q = 0; q < QPB; ++q) dot[q] = warp_sum(dot[q]);
      }
      if (lane == 0) {
#pragma unroll
        for (int q = 0; q < QPB; ++q) {
          const bool visible =
              jj < nt && q < nq && (!p.causal || p.k_offset + j <= p.q_offset + q0 + q);
          scores[q][jj] = visible ? dot[q] * p.scale : MaxOp::identity();
        }
      }
    }
    __syncthreads();

    // ---- online softmax update (block reductions broadcast to all threads)
    float t[QPB];
#pragma unroll
    for (int q = 0; q < QPB; ++q) t[q] = tid < kTileK ? scores[q][tid] : MaxOp::identity();
    block_reduce<MaxOp>(t, red);
    float corr[QPB], base[QPB];
#pragma unroll
    for (int q = 0; q < QPB; ++q) {
      const float m_new = fmaxf(m[q], t[q]);
      // A query with nothing visible so far keeps m = -inf; subtract 0 then,
      // so exp(-inf - base) is 0 and never NaN.
      base[q] = m_new == MaxOp::identity() ? 0.f : m_new;
      corr[q] = expf(m[q] - base[q]);
      m[q] = m_new;
    }
#pragma unroll
    for (int q = 0; q < QPB; ++q) {
      float pv = 0.f;
      if (tid < kTileK) {
        pv = expf(scores[q][tid] - base[q]);
        scores[q][tid] = pv;  // each thread rewrites only its own entry
      }
      t[q] = pv;
    }
    block_reduce<SumOp>(t, red);  // its barriers also publish scores[][] = p
#pragma unroll
    for (int q = 0; q < QPB; ++q) {
      l[q] = l[q] * corr[q] + t[q];
#pragma unroll
      for (int n = 0; n < NV; ++n) acc[q][n] = scale4(acc[q][n], corr[q]);
    }

    // ---- P.V
    for (int jj = 0; jj < nt; ++jj) {
      const float* vrow = vbase + std::size_t(j0 + jj) * D;
      float pj[QPB];
#pragma unroll
      for (int q = 0; q < QPB; ++q) pj[q] = scores[q][jj];
#pragma unroll
      for (int n = 0; n < NV; ++n) {
        const int d4 = tid + n * THREADS;
        if (d4 < D4) {
          const float4 vx = ldg4(vrow + 4 * d4);
#pragma unroll
          for (int q = 0; q < QPB; ++q) acc[q][n] = axpy4(pj[q], vx, acc[q][n]);
        }
      }
    }
    __syncthreads();  // scores[][] is rewritten by the next tile
  }

#pragma unroll
  for (int q = 0; q < QPB; ++q) {
    if (q >= nq) break;
    const float inv = l[q] > 0.f ? 1.f / l[q] : 0.f;
#pragma unroll
    for (int n = 0; n < NV; ++n) {
      const int d4 = tid + n * THREADS;
      if (d4 < D4) st4(obase + std::size_t(q) * D + 4 * d4, scale4(acc[q][n], inv));
    }
  }
}

template <int QPB, int THREADS, class Pe>
inline std::size_t row_smem_bytes(const AttentionProblem& p, const KStage& ks = {}) {
  return (std::size_t(QPB) * p.D + Pe::smem_floats(p.D) + kstage_floats<Pe>(ks)) * sizeof(float);
}

template <int NV, int QPB, int THREADS, bool kStageK, class Pe>
inline void launch_nv(const AttentionProblem& p, const Pe& pe, const KStage& ks,
                      cudaStream_t stream) {
  auto* kern = &row_kernel<NV, QPB, THREADS, Pe, kStageK>;
  const std::size_t smem = row_smem_bytes<QPB, THREADS, Pe>(p, ks);
  // Always raised: the kernel's static shared memory counts against 48 KB too.
  set_max_dynamic_smem(kern, int(smem));
  const unsigned grid = unsigned(p.B) * p.Hq * unsigned((p.Sq + QPB - 1) / QPB);
  kern<<<grid, THREADS, smem, stream>>>(p, pe, ks);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

// Smallest NV (accumulator float4s per thread per query) that covers D,
// up to MaxNV. Callers declare max_head_dim = 4 * THREADS * MaxNV.
template <int QPB, int THREADS, int MaxNV, class Pe, bool kStageK = false>
inline void launch_rows(const AttentionProblem& p, const Pe& pe, cudaStream_t stream,
                        const KStage& ks = {}) {
  const int nv = ceil_div(p.D / 4, THREADS);
  if (nv <= 1) return launch_nv<1, QPB, THREADS, kStageK>(p, pe, ks, stream);
  if (nv <= 2) return launch_nv<2, QPB, THREADS, kStageK>(p, pe, ks, stream);
  if constexpr (MaxNV >= 4) { if (nv <= 4) return launch_nv<4, QPB, THREADS, kStageK>(p, pe, ks, stream); }
  if constexpr (MaxNV >= 8) { if (nv <= 8) return launch_nv<8, QPB, THREADS, kStageK>(p, pe, ks, stream); }
  if constexpr (MaxNV >= 16) { if (nv <= 16) return launch_nv<16, QPB, THREADS, kStageK>(p, pe, ks, stream); }
  throw std::runtime_error("row_kernel: head_dim too large for this version");
}

inline constexpr int kThreads = 256;
inline constexpr int kMaxNV = 16;  // D <= 4 * 256 * 16 = 16384

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  launch_rows<1, kThreads, kMaxNV>(p, NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::row_online_softmax
