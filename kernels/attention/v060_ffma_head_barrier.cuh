// attention v060 — split head_dim in ONE plain launch with fp32 FMA (no
// tensor cores, no operand split), the head's scores summed at L2 and a
// barrier per head instead of per grid.
//   Grid (chunks, B*Hq), 256 threads, at most two blocks per SM and every
//   block resident at once (the plan refuses otherwise). Block (c, bh) owns
//   W = D / chunks dims of head bh (W % kUnit == 0):
//   1. Q and K in 32-dim items (paired hooks: 16 dims of the low half and
//      the same 16 of the high half) and V in kVDims-dim items go through one
//      cp.async ring of kRing 16 KB slots, so V is in flight during phase 1.
//      Each Q/K item is taken from its slot (rows swizzled: conflict-free),
//      the PE hook applied in registers, stored transposed, and multiplied
//      into a 64x64 partial with a 4x4 register tile (v002's phase 1).
//   2. The partial is added into the head's sums (red.global.add.v4.f32);
//      the head's blocks meet at a counting barrier (one word per head); each
//      block reads the sums back (L2), takes the softmax itself, a warp per
//      8 rows, and keeps P^T in shared memory. The head's last block to read
//      the sums zeroes them for the next launch.
//   3. O = P V for the block's dims, kVDims at a time, from the ring's V
//      slots, with a 4x4 (4x2) tile, stored straight to global memory.
// Template flags: kVDims = 32 (v061) halves V's items and the unit of a
// block's dims, so twice the blocks run at D = 2048 (two per SM); kLeanSoftmax
// (v062) takes the softmax in base 2 with one reciprocal per row.
// The adds arrive in any order: the output may differ between runs in the
// last bits. Limits: Sq, Sk <= 64, D % kUnit == 0 (64, or 32 with kVDims =
// 32), causal, GQA, cross; every block of the plan resident at once.
#pragma once

#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/global_red.cuh"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::v060 {

inline constexpr int kS = 64;         // max Sq and Sk
inline constexpr int kThreads = 256;
inline constexpr int kQkDims = 32;    // dims of Q and K per item
inline constexpr int kSlotFloats = 2 * kS * kQkDims;  // one item: Q and K, or V
inline constexpr int kRing = 5;
inline constexpr int kLd = kS + 4;    // transposed row: 32 consecutive rows, no conflict
inline constexpr int kTileFloats = 2 * kQkDims * kLd;  // Q^T and K^T of one item
static_assert(kTileFloats == kS * kLd, "P^T reuses the transposed tiles");
inline constexpr std::size_t kSmemBytes = std::size_t(kRing * kSlotFloats + kTileFloats) * sizeof(float);
inline constexpr int kBlocksPerSm = 2;
inline constexpr int kWordsPerHead = 32;  // the head's barrier and reader words, one 128-byte line

// kVDims: dims of V (and O) per item, 64 (v060: a 4x4 tile of O per thread)
// or 32 (v061: 4x2). A block's dims are a multiple of kUnit.
template <int kVDims>
inline constexpr int kUnit = kVDims > kQkDims ? kVDims : kQkDims;

struct Plan {
  int chunks;  // blocks per head
  int dims;    // dims per block
  int nqk;     // Q/K items per block
  int nv;      // V items per block
};

// Workspace: the sums (B*Hq x 64 x 64 floats), then kWordsPerHead words a head.
inline std::size_t sums_floats(const AttentionProblem& p) { return std::size_t(p.B) * p.Hq * kS * kS; }
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return sums_floats(p) * sizeof(float) + std::size_t(p.B) * p.Hq * kWordsPerHead * sizeof(unsigned);
}

// Issue item n of block (c, bh) into ring slot n % kRing: Q/K items first,
// then V items. Rows past Sq (Q) or Sk (K, V) are zero-filled. Q/K rows are
// 8 float4 chunks, chunk x stored at x ^ (row & 7).
template <bool kPaired, int kVDims>
__device__ __forceinline__ void issue_item(const AttentionProblem& p, const Plan& pl, int c, int bh, int n,
                                           float* ring) {
  const int b = bh / p.Hq, h = bh % p.Hq, hk = h / (p.Hq / p.Hkv);
  float* slot = ring + (n % kRing) * kSlotFloats;
  if (n < pl.nqk) {
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const int idx = threadIdx.x + kThreads * e;
      const int tensor = idx >> 9, row = (idx >> 3) & (kS - 1), x = idx & 7;
      int d;
      if constexpr (kPaired) {
        d = c * (pl.dims / 2) + n * (kQkDims / 2) + 4 * (x & 3) + (x >> 2) * (p.D / 2);
      } else {
        d = c * pl.dims + n * kQkDims + 4 * x;
      }
      const bool valid = row < (tensor ? p.Sk : p.Sq);
      const float* base = tensor ? p.k + (std::size_t(b) * p.Hkv + hk) * p.Sk * p.D
                                 : p.q + (std::size_t(b) * p.Hq + h) * p.Sq * p.D;
      cp_async16(slot + tensor * (kS * kQkDims) + row * kQkDims + 4 * (x ^ (row & 7)),
                 valid ? base + std::size_t(row) * p.D + d : base, valid);
    }
  } else if (n < pl.nqk + pl.nv) {
    const float* base = p.v + (std::size_t(b) * p.Hkv + hk) * p.Sk * p.D + c * pl.dims + (n - pl.nqk) * kVDims;
    static_assert(kS * kVDims <= kSlotFloats, "a V item fits a slot");
    constexpr int kShift = kVDims == 64 ? 4 : 3;  // log2 of the float4s of a V row
    static_assert(kVDims == 4 << kShift, "V items are 32 or 64 dims");
#pragma unroll
    for (int e = 0; e < (kS << kShift) / kThreads; ++e) {
      const int idx = threadIdx.x + kThreads * e;
      const int row = idx >> kShift, x = idx & ((1 << kShift) - 1);
      const bool valid = row < p.Sk;
      cp_async16(slot + row * kVDims + 4 * x, valid ? base + std::size_t(row) * p.D + 4 * x : p.v, valid);
    }
  }
  cp_async_commit();  // one group per call, empty past the last item
}

// Q/K item n from its slot into Q^T and K^T (qt[32][kLd], kt right after),
// the PE applied. Warp w takes tensor w / 4, rows 32 (w & 1) + lane, and the
// chunks {2g, 2g + 1, 2g + 4, 2g + 5} with g = (w / 2) & 1: with a paired
// hook, chunk x (low half) and x + 4 (its high partners) meet in one thread.
template <class Pe>
__device__ __forceinline__ void transpose_item(const AttentionProblem& p, const Pe& pe, const Plan& pl, int c,
                                               int n, const float* slot, float* tiles) {
  const int w = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int tensor = w >> 2, row = lane + 32 * (w & 1), g = (w >> 1) & 1;
  const float* src = slot + tensor * (kS * kQkDims) + row * kQkDims;
  float* dst = tiles + tensor * (kQkDims * kLd) + row;
  const int pos = (tensor ? p.k_offset : p.q_offset) + row;
  float4 lo[2], hi[2];
#pragma unroll
  for (int e = 0; e < 2; ++e) {
    const int x = 2 * g + e;
    lo[e] = ld4(src + 4 * (x ^ (row & 7)));
    hi[e] = ld4(src + 4 * ((x + 4) ^ (row & 7)));
    if constexpr (Pe::kPaired) {
      const int i = c * (pl.dims / 2) + n * (kQkDims / 2) + 4 * x;
      if (tensor) pe.k2(lo[e], hi[e], pos, i);
      else pe.q2(lo[e], hi[e], pos, i);
    } else {
      const int d = c * pl.dims + n * kQkDims + 4 * x;
      if (tensor) {
        pe.k(lo[e], pos, d);
        pe.k(hi[e], pos, d + 16);
      } else {
        pe.q(lo[e], pos, d);
        pe.q(hi[e], pos, d + 16);
      }
    }
  }
#pragma unroll
  for (int e = 0; e < 2; ++e) {
    const int x = 2 * g + e;
    const float l[4] = {lo[e].x, lo[e].y, lo[e].z, lo[e].w};
    const float u[4] = {hi[e].x, hi[e].y, hi[e].z, hi[e].w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      dst[(4 * x + k) * kLd] = l[k];
      dst[(4 * (x + 4) + k) * kLd] = u[k];
    }
  }
}

// acc[i][j] += sum over kk < K of a[kk][4 ty + i] * b[kk][N tx + j], with
// a's rows lda apart and b's ldb apart (N = 4 or 2).
template <int K, int N>
__device__ __forceinline__ void outer_products(const float* a, int lda, const float* b, int ldb, int ty, int tx,
                                               float (&acc)[4][N]) {
  static_assert(N == 4 || N == 2, "a row of the tile is a float4 or a float2");
#pragma unroll 8
  for (int kk = 0; kk < K; ++kk) {
    const float4 x = ld4(a + kk * lda + 4 * ty);
    float yv[N];
    if constexpr (N == 4) {
      const float4 y = ld4(b + kk * ldb + 4 * tx);
      yv[0] = y.x, yv[1] = y.y, yv[2] = y.z, yv[3] = y.w;
    } else {
      const float2 y = *reinterpret_cast<const float2*>(b + kk * ldb + 2 * tx);
      yv[0] = y.x, yv[1] = y.y;
    }
    const float xv[4] = {x.x, x.y, x.z, x.w};
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < N; ++j) acc[i][j] = fmaf(xv[i], yv[j], acc[i][j]);
  }
}

// The softmax of the head's summed scores into pt[key][row] (rows past Sq
// and masked keys zero): warp w takes rows 8w..8w+7, lane l keys l, l + 32.
// kLean (v062): exponentials in base 2 with log2(e) folded into the scale,
// and one reciprocal per row instead of a division per element.
template <bool kLean>
__device__ __forceinline__ void softmax_to_pt(const AttentionProblem& p, const float* sums, float* pt) {
  const int w = threadIdx.x >> 5, lane = threadIdx.x & 31;
  constexpr float kLog2e = 1.44269504088896340736f;
  const float scale = kLean ? p.scale * kLog2e : p.scale;
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    const int i = 8 * w + r;
    float s[2], e[2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int j = lane + 32 * h;
      const bool visible = i < p.Sq && j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
      s[h] = visible ? __ldcg(sums + i * kS + j) * scale : MaxOp::identity();
    }
    const float m = warp_max(fmaxf(s[0], s[1]));
#pragma unroll
    for (int h = 0; h < 2; ++h) e[h] = s[h] == MaxOp::identity() ? 0.f : (kLean ? exp2f(s[h] - m) : expf(s[h] - m));
    const float l = warp_sum(e[0] + e[1]);
    if constexpr (kLean) {
      const float inv = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
      for (int h = 0; h < 2; ++h) pt[(lane + 32 * h) * kLd + i] = e[h] * inv;
    } else {
#pragma unroll
      for (int h = 0; h < 2; ++h) pt[(lane + 32 * h) * kLd + i] = l > 0.f ? e[h] / l : 0.f;
    }
  }
}

template <class Pe, int kVDims, bool kLeanSoftmax>
static __global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    head_barrier_kernel(const AttentionProblem p, const Pe pe, const Plan pl, float* sums_all,
                        unsigned* words_all) {
  extern __shared__ __align__(16) float smem[];
  float* ring = smem;
  float* tiles = smem + kRing * kSlotFloats;
  const int c = blockIdx.x, bh = blockIdx.y;
  const int ty = threadIdx.x >> 4, tx = threadIdx.x & 15;
  float* sums = sums_all + std::size_t(bh) * kS * kS;
  unsigned* words = words_all + std::size_t(bh) * kWordsPerHead;
  const int items = pl.nqk + pl.nv;

#pragma unroll
  for (int n = 0; n < kRing; ++n) issue_item<Pe::kPaired, kVDims>(p, pl, c, bh, n, ring);

  // Phase 1: the block's partial scores.
  float acc[4][4] = {};
  for (int n = 0; n < pl.nqk; ++n) {
    cp_async_wait<kRing - 1>();
    __syncthreads();  // item n landed for every thread; the last products are done with the tiles
    transpose_item(p, pe, pl, c, n, ring + (n % kRing) * kSlotFloats, tiles);
    __syncthreads();  // the tiles are whole; slot n is free
    if (n + kRing < items) issue_item<Pe::kPaired, kVDims>(p, pl, c, bh, n + kRing, ring);
    else cp_async_commit();
    outer_products<kQkDims, 4>(tiles, kLd, tiles + kQkDims * kLd, kLd, ty, tx, acc);
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
    if (4 * ty + i < p.Sq && 4 * tx < p.Sk)
      red_add4(sums + (4 * ty + i) * kS + 4 * tx, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));

  // Phase 2: the head's sums, once all of its blocks have added theirs.
  counting_barrier(&words[0], unsigned(pl.chunks), c == 0);  // the head's blocks meet
  softmax_to_pt<kLeanSoftmax>(p, sums, tiles);
  __shared__ bool last_reader;
  __syncthreads();  // every thread's reads of the sums are done; P^T is whole
  if (threadIdx.x == 0) {  // the reads above are ordered before the count (acq_rel)
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> readers(words[1]);
    last_reader = readers.fetch_add(1u, cuda::memory_order_acq_rel) == unsigned(pl.chunks - 1);
    if (last_reader) readers.store(0u, cuda::memory_order_relaxed);
  }
  __syncthreads();
  if (last_reader) {
    for (int i = threadIdx.x; i < kS * kS / 4; i += kThreads) st4(sums + 4 * i, zero4());
  }

  // Phase 3: O = P V for the block's dims.
  const int b = bh / p.Hq, h = bh % p.Hq;
  float* out = p.out + (std::size_t(b) * p.Hq + h) * p.Sq * p.D + c * pl.dims;
  for (int v = 0; v < pl.nv; ++v) {
    const int n = pl.nqk + v;
    cp_async_wait<kRing - 1>();
    __syncthreads();  // item n landed for every thread
    constexpr int kN = kVDims / 16;  // dims of O per thread
    float o[4][kN] = {};
    outer_products<kS, kN>(tiles, kLd, ring + (n % kRing) * kSlotFloats, kVDims, ty, tx, o);
#pragma unroll
    for (int i = 0; i < 4; ++i)
      if (4 * ty + i < p.Sq) {
        float* dst = out + std::size_t(4 * ty + i) * p.D + v * kVDims + kN * tx;
        if constexpr (kN == 4) st4(dst, make_float4(o[i][0], o[i][1], o[i][2], o[i][3]));
        else *reinterpret_cast<float2*>(dst) = make_float2(o[i][0], o[i][1]);
      }
    if (n + kRing < items) {
      __syncthreads();  // every thread is done with slot n
      issue_item<Pe::kPaired, kVDims>(p, pl, c, bh, n + kRing, ring);
    } else {
      cp_async_commit();
    }
  }
}

template <class Pe, int kVDims = 64, bool kLeanSoftmax = false>
inline constexpr auto kKernel = &head_barrier_kernel<Pe, kVDims, kLeanSoftmax>;

// The most blocks per head (a divisor of D / kUnit) that keep every block of
// the grid resident at once.
template <int kVDims>
inline Plan make_plan(const AttentionProblem& p, int resident) {
  const int units = p.D / kUnit<kVDims>, heads = p.B * p.Hq;
  int chunks = 0;
  for (int cand = 1; cand <= units; ++cand)
    if (units % cand == 0 && long(heads) * cand <= resident) chunks = cand;
  if (chunks == 0)
    throw std::runtime_error("attention v060: " + std::to_string(heads) + " heads need at least as many resident " +
                             "blocks, and only " + std::to_string(resident) +
                             " fit on this device; use attention v039 (three launches) for this shape");
  Plan pl{};
  pl.chunks = chunks;
  pl.dims = p.D / chunks;
  pl.nqk = pl.dims / kQkDims;
  pl.nv = pl.dims / kVDims;
  return pl;
}

template <int kVDims = 64, bool kLeanSoftmax = false, class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  constexpr auto kK = kKernel<Pe, kVDims, kLeanSoftmax>;
  static_assert(v008::kThreads == kThreads, "v008's occupancy query asks for this block size");
  const Plan pl = make_plan<kVDims>(p, v008::resident_blocks<kK, kSmemBytes>());
  float* sums = static_cast<float*>(workspace);
  unsigned* words = reinterpret_cast<unsigned*>(sums + sums_floats(p));
  kK<<<dim3(unsigned(pl.chunks), unsigned(p.B * p.Hq)), kThreads, kSmemBytes, stream>>>(p, pe, pl, sums, words);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v060::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v060
