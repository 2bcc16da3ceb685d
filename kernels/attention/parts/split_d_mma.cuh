// Part split_d_mma, first built as attention v007:
// v002's split-head_dim design with both products on the
// tensor cores at fp32 accuracy (3xTF32 mma.sync, kernels/common/mma_tf32.cuh)
// instead of SIMT FMAs. The three phases are device functions so that v008
// can run them in one launch; here they are three kernels.
//
// Work unit: a 32-dim tile of one head (paired hooks: 16 dims of the low half
// plus the same 16 of the high half). Block `blk` owns head blk / chunks and
// tiles [c * tpb, c * tpb + tpb) with c = blk % chunks, in both phases 1 and 3.
//   1. Partial scores: Q and K tiles [64 rows x 32 dims] stream through a
//      3-stage cp.async ring, the PE hook is applied in shared memory (every
//      Q and K element once per query head), and 8 warps compute the 64x64
//      partial S with mma (warp w: rows 16(w%4).., keys 32(w/4)..). Each
//      tile's fp32 sum (<= 32 products) is folded into double. The V tiles
//      this block will need in phase 3 are prefetched into L2 first
//      (cp.async.bulk.prefetch), so V streams from DRAM during phase 1.
//      Writes part[bh][chunk][64][64] (float).
//   2. Softmax rows: a warp per row sums the chunk partials in double in
//      chunk order (deterministic), scales, masks, softmaxes, writes P (fp32).
//   3. O[64 rows, tile] = P V: P in shared memory once, V tiles [64 keys x 32
//      dims] through a 3-stage ring, mma (warp w: rows 16(w%4).., dims
//      16(w/4)..), fragments stored straight to global.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 paired); causal, GQA, cross.
// Workspace: B*Hq*(chunks+1)*64*64 floats.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"  // NoPe, the PE hook interface
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::split_d_mma {

inline constexpr int kS = 64;         // max Sq and Sk
inline constexpr int kTile = 32;      // dims per tile
inline constexpr int kThreads = 256;  // 8 warps
inline constexpr int kLdQK = kTile + 4;  // [row][dim]: A/B fragment reads conflict-free
inline constexpr int kLdV = kTile + 8;   // [key][dim]: B ([k][n]) fragment reads conflict-free
inline constexpr int kLdP = kS + 4;      // [row][key]
inline constexpr int kBlocksPerSm = 2;

inline constexpr int kStage1Floats = 2 * kS * kLdQK;  // Q rows then K rows
inline constexpr int kStage3Floats = kS * kLdV;

// How a block walks its tiles (v007/v008: Contiguous; v009: Interleaved;
// v011: ContiguousQkEvictFirst).
//   kInterleaved: block c of a head takes tiles c, c + chunks, ... instead of
//     the run [c * tpb, c * tpb + tpb), so the blocks of a head read adjacent
//     128-byte row pieces at the same time.
//   kPeAhead: phase 1 applies the PE to tile it+1 while the mma runs on tile
//     it (one barrier per tile instead of two; one more ring stage).
//   kQkEvictFirst: phase 1 reads Q and K with an L2 evict-first policy, so
//     that the V rows prefetched for phase 3 are not their victims.
struct Contiguous {
  static constexpr bool kInterleaved = false, kPeAhead = false, kQkEvictFirst = false;
  static constexpr int kStages = 3;
};
struct Interleaved {
  static constexpr bool kInterleaved = true, kPeAhead = true, kQkEvictFirst = false;
  static constexpr int kStages = 4;
};
struct ContiguousQkEvictFirst : Contiguous {
  static constexpr bool kQkEvictFirst = true;
};
template <class Sched>
inline constexpr std::size_t smem_bytes() {
  const int phase1 = Sched::kStages * kStage1Floats;
  const int phase3 = kS * kLdP + Sched::kStages * kStage3Floats;
  return std::size_t(phase1 > phase3 ? phase1 : phase3) * sizeof(float);
}
inline constexpr std::size_t kSmemBytes = smem_bytes<Contiguous>();

struct Plan {
  int ntiles;  // tiles per head
  int tpb;     // tiles per block
  int chunks;  // blocks per head
  int blocks;  // B*Hq*chunks
};

// Aims at kBlocksPerSm blocks per SM; `sms` is the device's SM count.
inline Plan make_plan(const AttentionProblem& p, int sms) {
  Plan pl{};
  const int bh = p.B * p.Hq;
  pl.ntiles = ceil_div(p.D, kTile);  // paired: ceil(D/2 / 16), the same for D % 8 == 0
  pl.tpb = std::max(1, ceil_div(pl.ntiles * bh, kBlocksPerSm * sms));
  pl.chunks = ceil_div(pl.ntiles, pl.tpb);
  pl.blocks = bh * pl.chunks;
  return pl;
}

inline int sm_count() {
  static const int n = [] {
    int dev = 0, sms = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess) {
      cudaGetLastError();
      return 132;  // no device: sizes only (an H100 SXM)
    }
    return sms;
  }();
  return n;
}

inline std::size_t part_bytes(const AttentionProblem& p, const Plan& pl) {
  return align_up(std::size_t(p.B) * p.Hq * pl.chunks * kS * kS * sizeof(float), 256);
}
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  const Plan pl = make_plan(p, sm_count());
  return part_bytes(p, pl) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float);
}

struct Workspace {
  float* part;
  float* P;
};
inline Workspace split_workspace(const AttentionProblem& p, const Plan& pl, void* ws) {
  return {static_cast<float*>(ws),
          reinterpret_cast<float*>(static_cast<char*>(ws) + part_bytes(p, pl))};
}

// A block's tiles: tile(i) = first + i * step for i < count (the same tiles
// in phases 1 and 3).
struct BlockWork {
  int bh, kv_bh, first, step, count;
  __device__ int tile(int i) const { return first + i * step; }
};
template <class Sched>
__device__ __forceinline__ BlockWork block_work(const AttentionProblem& p, const Plan& pl, int blk) {
  BlockWork w;
  w.bh = blk / pl.chunks;
  const int c = blk % pl.chunks;
  const int h = w.bh % p.Hq, b = w.bh / p.Hq;
  w.kv_bh = b * p.Hkv + h / (p.Hq / p.Hkv);
  if constexpr (Sched::kInterleaved) {
    w.first = c;
    w.step = pl.chunks;
    w.count = ceil_div(pl.ntiles - c, pl.chunks);
  } else {
    w.first = c * pl.tpb;
    w.step = 1;
    w.count = min(pl.ntiles, w.first + pl.tpb) - w.first;
  }
  return w;
}

// The V rows of this block's phase-3 dims into L2: one bulk prefetch per key
// for a contiguous run of tiles, one per key and tile otherwise.
__device__ __forceinline__ void prefetch_v_to_l2(const AttentionProblem& p, const BlockWork& w) {
  const float* vbase = p.v + std::size_t(w.kv_bh) * p.Sk * p.D;
  if (w.step == 1) {
    const int d0 = w.first * kTile, d1 = min(p.D, (w.first + w.count) * kTile);
    const int j = threadIdx.x;
    if (j < p.Sk && d1 > d0) prefetch_l2(vbase + std::size_t(j) * p.D + d0, d1 - d0);
    return;
  }
  for (int idx = threadIdx.x; idx < w.count * p.Sk; idx += blockDim.x) {
    const int j = idx % p.Sk, d0 = w.tile(idx / p.Sk) * kTile;
    prefetch_l2(vbase + std::size_t(j) * p.D + d0, min(kTile, p.D - d0));
  }
}

// ---------------------------------------------------------------- phase 1
// A block's Q and K tiles: tile t is [64 Q rows | 64 K rows] x 32 columns,
// row-major with kLdQK; column 4f of a row holds dims dim_of(t, f)..+3.
// kEvictFirst: read with an L2 evict-first policy.
template <class Pe, bool kEvictFirst = false>
struct QkTiles {
  static constexpr bool kHasPe = !std::is_same_v<Pe, split_d::NoPe>;
  const AttentionProblem& p;
  const Pe& pe;
  const float* qbase;
  const float* kbase;
  unsigned long long policy = 0;

  __device__ QkTiles(const AttentionProblem& p_, const Pe& pe_, const BlockWork& w)
      : p(p_),
        pe(pe_),
        qbase(p_.q + std::size_t(w.bh) * p_.Sq * p_.D),
        kbase(p_.k + std::size_t(w.kv_bh) * p_.Sk * p_.D) {
    if constexpr (kEvictFirst) policy = l2_policy_evict_first();
  }

  __device__ int dim_of(int t, int f) const {  // -1: outside D
    if constexpr (Pe::kPaired) {
      const int half = p.D >> 1, i = t * (kTile / 2) + 4 * (f & 3);
      return i < half ? (f < 4 ? i : half + i) : -1;
    } else {
      const int d = t * kTile + 4 * f;
      return d < p.D ? d : -1;
    }
  }
  __device__ bool row_valid(int row) const { return (row & (kS - 1)) < (row < kS ? p.Sq : p.Sk); }

  // Tile t into dst (rows past Sq/Sk and dims past D zero-filled).
  __device__ void issue(int t, float* dst) const {
#pragma unroll
    for (int rep = 0; rep < 2 * kS * 8 / kThreads; ++rep) {
      const int idx = threadIdx.x + rep * kThreads;
      const int row = idx >> 3, f = idx & 7;
      const int d = dim_of(t, f);
      const bool valid = d >= 0 && row_valid(row);
      const float* base = row < kS ? qbase : kbase;
      const float* src = valid ? base + std::size_t(row & (kS - 1)) * p.D + d : base;
      if constexpr (kEvictFirst) cp_async16(dst + row * kLdQK + 4 * f, src, valid, policy);
      else cp_async16(dst + row * kLdQK + 4 * f, src, valid);
    }
  }

  // Every float4 of landed tile t, the PE applied: fn(row, column, x). Paired
  // hooks visit the low float4 and its high partner (column + 16) together.
  template <class Fn>
  __device__ void for_each_landed(int t, const float* tile, Fn&& fn) const {
    constexpr int kPerRow = Pe::kPaired ? 4 : 8;
#pragma unroll
    for (int rep = 0; rep < 2 * kS * kPerRow / kThreads; ++rep) {
      const int idx = threadIdx.x + rep * kThreads;
      const int row = idx / kPerRow, f = idx % kPerRow;
      const bool is_q = row < kS;
      const int r = row & (kS - 1);
      const int pos = (is_q ? p.q_offset : p.k_offset) + r;
      const float* xp = tile + row * kLdQK + 4 * f;
      float4 x = ld4(xp);
      if constexpr (Pe::kPaired) {
        float4 hi = ld4(xp + kTile / 2);
        const int i = t * (kTile / 2) + 4 * f;
        if (kHasPe && i < (p.D >> 1) && row_valid(row)) {
          if (is_q) pe.q2(x, hi, pos, i);
          else pe.k2(x, hi, pos, i);
        }
        fn(row, 4 * f + kTile / 2, hi);
      } else {
        const int d = t * kTile + 4 * f;
        if (kHasPe && d < p.D && row_valid(row)) {
          if (is_q) pe.q(x, pos, d);
          else pe.k(x, pos, d);
        }
      }
      fn(row, 4 * f, x);
    }
  }

  __device__ void apply_pe(int t, float* tile) const {
    for_each_landed(t, tile, [&](int row, int col, float4 x) { st4(tile + row * kLdQK + col, x); });
  }
};

// A warp's 16 x 32 block of the partial score matrix (rows m0.., keys n0..),
// four m16n8 accumulators, to part_out[64][64].
__device__ __forceinline__ void store_partial(const double (&accd)[4][4], float* part_out, int m0,
                                              int n0, int lane) {
  const int g = lane >> 2, t4 = lane & 3;
#pragma unroll
  for (int j = 0; j < 4; ++j) {
    float* o = part_out + (m0 + g) * kS + n0 + 8 * j + 2 * t4;
    *reinterpret_cast<float2*>(o) = make_float2(float(accd[j][0]), float(accd[j][1]));
    *reinterpret_cast<float2*>(o + 8 * kS) = make_float2(float(accd[j][2]), float(accd[j][3]));
  }
}

// A warp's 16 x 8kJ block of A B over k in [0, kK), 3xTF32: per 8-wide
// k-step, A's fragment (rows m0.., stride lda) split once and used for kJ
// mma_3xtf32, the B fragment of columns n0 + 8j from load_b(n, k0) (B's
// layout, k-major or n-major, is the loader's). acc is added to, not reset.
template <int kK, int kJ, class LoadB>
__device__ __forceinline__ void warp_products_3xtf32(float (&acc)[kJ][4], const float* a, int lda, int m0, int n0,
                                                     int lane, LoadB load_b) {
#pragma unroll
  for (int k0 = 0; k0 < kK; k0 += 8) {
    const SplitTf32<4> af = load_a_frag(a, lda, m0, k0, lane);
#pragma unroll
    for (int j = 0; j < kJ; ++j) mma_3xtf32(acc[j], af, load_b(n0 + 8 * j, k0));
  }
}

template <class Pe, class Sched = Contiguous>
__device__ __forceinline__ void partial_scores(const AttentionProblem& p, const Pe& pe,
                                               const BlockWork& w, float* smem,
                                               float* __restrict__ part_out) {
  constexpr bool kHasPe = QkTiles<Pe>::kHasPe;
  const QkTiles<Pe, Sched::kQkEvictFirst> tiles(p, pe, w);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  auto issue = [&](int t, int stage) { tiles.issue(t, smem + stage * kStage1Floats); };
  auto apply_pe = [&](int t, float* tile) { tiles.apply_pe(t, tile); };

  const int m0 = 16 * (warp & 3), n0 = 32 * (warp >> 2);
  double accd[4][4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) accd[j][e] = 0.0;

  constexpr int kStages = Sched::kStages;
  constexpr bool kAhead = kHasPe && Sched::kPeAhead;  // PE one tile ahead of the mma
  const int n = w.count;
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < n) issue(w.tile(s), s);
    cp_async_commit();
  }
  if constexpr (kAhead) {
    cp_async_wait<kStages - 2>();
    __syncthreads();
    if (n > 0) apply_pe(w.tile(0), smem);
  }
  for (int it = 0; it < n; ++it) {
    // Tile it (it+1 with kAhead) landed everywhere, tile it's PE is visible,
    // and tile it-1's readers are done with its stage.
    cp_async_wait<kStages - 2 - (kAhead ? 1 : 0)>();
    __syncthreads();
    if (it + kStages - 1 < n) issue(w.tile(it + kStages - 1), (it + kStages - 1) % kStages);
    cp_async_commit();
    float* tile = smem + (it % kStages) * kStage1Floats;
    if constexpr (kAhead) {
      if (it + 1 < n) apply_pe(w.tile(it + 1), smem + ((it + 1) % kStages) * kStage1Floats);
    } else if constexpr (kHasPe) {
      apply_pe(w.tile(it), tile);
      __syncthreads();
    }
    const float* qt = tile;
    const float* kt = tile + kS * kLdQK;
    float acc[4][4] = {};
    warp_products_3xtf32<kTile>(acc, qt, kLdQK, m0, n0, lane,
                                [&](int n, int k0) { return load_b_frag_nk(kt, kLdQK, n, k0, lane); });
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) accd[j][e] += double(acc[j][e]);
  }
  cp_async_wait<0>();
  store_partial(accd, part_out, m0, n0, lane);
}

// ---------------------------------------------------------------- phase 2
__device__ __forceinline__ bool key_visible(const AttentionProblem& p, int i, int j) {
  return j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
}

// Row i of head bh from its summed raw scores (lane: keys lane and lane + 32),
// one warp: scale, mask, softmax, store P (masked keys and keys past Sk: 0).
__device__ __forceinline__ void store_p_row(const AttentionProblem& p, int bh, int i,
                                            const double (&sum)[2], float* __restrict__ P) {
  const int lane = threadIdx.x & 31;
  float s[2], e[2];
#pragma unroll
  for (int u = 0; u < 2; ++u)
    s[u] = key_visible(p, i, lane + 32 * u) ? float(sum[u] * double(p.scale)) : MaxOp::identity();
  const float m = warp_max(fmaxf(s[0], s[1]));
#pragma unroll
  for (int u = 0; u < 2; ++u) e[u] = key_visible(p, i, lane + 32 * u) ? expf(s[u] - m) : 0.f;
  const float l = warp_sum(e[0] + e[1]);
  float* dst = P + (std::size_t(bh) * kS + i) * kS;
#pragma unroll
  for (int u = 0; u < 2; ++u) dst[lane + 32 * u] = l > 0.f ? e[u] / l : 0.f;
}

// The partials of score row i of head bh: part + (bh * chunks + c) * 64 * 64 + i * 64.
__device__ __forceinline__ const float* partial_row(const Plan& pl, const float* part, int bh, int i) {
  return part + (std::size_t(bh) * pl.chunks * kS + i) * kS;
}

// Rows first_row, first_row + row_stride, ... of all B*Hq*Sq score rows, one
// warp per row summing all chunk partials in double in chunk order
// (deterministic). Partials are read through L2 (__ldcg): in one launch they
// were written by other blocks.
__device__ __forceinline__ void softmax_rows(const AttentionProblem& p, const Plan& pl,
                                             const float* __restrict__ part,
                                             float* __restrict__ P, int first_row,
                                             int row_stride) {
  const int lane = threadIdx.x & 31;
  const int rows = p.B * p.Hq * p.Sq;
  for (int row = first_row; row < rows; row += row_stride) {
    const int bh = row / p.Sq, i = row % p.Sq;
    const float* src = partial_row(pl, part, bh, i);
    double sum[2] = {0.0, 0.0};
#pragma unroll
    for (int u = 0; u < 2; ++u) {
      const int j = lane + 32 * u;
      if (key_visible(p, i, j))
        for (int c = 0; c < pl.chunks; ++c) sum[u] += double(__ldcg(src + std::size_t(c) * kS * kS + j));
    }
    store_p_row(p, bh, i, sum, P);
  }
}

// The same with a whole block per row (rows first_row, first_row + row_stride,
// ...; every thread of the block takes the same rows): warp w sums chunks w,
// w + 8, ... in double, then warp 0 adds the eight sums in warp order (fixed:
// deterministic). An eighth of the dependent loads per thread of softmax_rows.
// scratch: 8 x 64 doubles of shared memory.
__device__ __forceinline__ void softmax_rows_by_block(const AttentionProblem& p, const Plan& pl,
                                                      const float* __restrict__ part,
                                                      float* __restrict__ P, int first_row,
                                                      int row_stride, double* scratch) {
  constexpr int kWarps = kThreads / 32;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int rows = p.B * p.Hq * p.Sq;
  for (int row = first_row; row < rows; row += row_stride) {
    const int bh = row / p.Sq, i = row % p.Sq;
    const float* src = partial_row(pl, part, bh, i);
    double sum[2] = {0.0, 0.0};
    for (int c = warp; c < pl.chunks; c += kWarps) {
      const float* sc = src + std::size_t(c) * kS * kS;
      sum[0] += double(__ldcg(sc + lane));
      sum[1] += double(__ldcg(sc + lane + 32));
    }
    scratch[warp * kS + lane] = sum[0];
    scratch[warp * kS + lane + 32] = sum[1];
    __syncthreads();
    if (warp == 0) {
      double total[2] = {0.0, 0.0};
      for (int w = 0; w < kWarps; ++w) {
        total[0] += scratch[w * kS + lane];
        total[1] += scratch[w * kS + lane + 32];
      }
      store_p_row(p, bh, i, total, P);
    }
    __syncthreads();  // scratch is reused by the next row
  }
}

// ---------------------------------------------------------------- phase 3
template <class Sched = Contiguous>
__device__ __forceinline__ void pv_tiles(const AttentionProblem& p, const BlockWork& w,
                                         float* smem, const float* __restrict__ P) {
  constexpr int kStages = Sched::kStages;
  const int D = p.D;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  float* pt = smem;                  // [row][key]
  float* ring = smem + kS * kLdP;    // kStages x [key][dim]
  const float* vbase = p.v + std::size_t(w.kv_bh) * p.Sk * D;
  float* obase = p.out + std::size_t(w.bh) * p.Sq * D;

  auto issue = [&](int t, int stage) {
    float* dst = ring + stage * kStage3Floats;
#pragma unroll
    for (int rep = 0; rep < kS * (kTile / 4) / kThreads; ++rep) {
      const int idx = tid + rep * kThreads;
      const int key = idx >> 3, f = idx & 7;
      const int d = t * kTile + 4 * f;
      const bool valid = key < p.Sk && d < D;
      cp_async16(dst + key * kLdV + 4 * f, valid ? vbase + std::size_t(key) * D + d : vbase, valid);
    }
  };
  const int n = w.count;
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < n) issue(w.tile(s), s);
    cp_async_commit();
  }
  {  // P of this head (rows past Sq zero; keys past Sk are zero in P)
    const float* src = P + std::size_t(w.bh) * kS * kS;
#pragma unroll
    for (int rep = 0; rep < kS * kS / 4 / kThreads; ++rep) {
      const int idx = tid + rep * kThreads;
      const int i = idx >> 4, f = idx & 15;
      const float4 x = i < p.Sq ? __ldcg(reinterpret_cast<const float4*>(src + i * kS + 4 * f)) : zero4();
      st4(pt + i * kLdP + 4 * f, x);
    }
  }
  const int m0 = 16 * (warp & 3), n0 = 16 * (warp >> 2);
  const int g = lane >> 2, t4 = lane & 3;
  for (int it = 0; it < n; ++it) {
    cp_async_wait<kStages - 2>();
    __syncthreads();
    if (it + kStages - 1 < n) issue(w.tile(it + kStages - 1), (it + kStages - 1) % kStages);
    cp_async_commit();
    const float* vt = ring + (it % kStages) * kStage3Floats;
    float acc[2][4] = {};
    warp_products_3xtf32<kS>(acc, pt, kLdP, m0, n0, lane,
                             [&](int n, int k0) { return load_b_frag_kn(vt, kLdV, n, k0, lane); });
    const int t = w.tile(it);
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      const int d = t * kTile + n0 + 8 * j + 2 * t4;
      if (d >= D) continue;
      const int r = m0 + g;
      if (r < p.Sq) *reinterpret_cast<float2*>(obase + std::size_t(r) * D + d) = make_float2(acc[j][0], acc[j][1]);
      if (r + 8 < p.Sq)
        *reinterpret_cast<float2*>(obase + std::size_t(r + 8) * D + d) = make_float2(acc[j][2], acc[j][3]);
    }
  }
  cp_async_wait<0>();
}

// ---------------------------------------------------------------- kernels
template <class Pe>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    partial_scores_kernel(const AttentionProblem p, const Pe pe, const Plan pl, float* part) {
  extern __shared__ __align__(16) float smem[];
  const BlockWork w = block_work<Contiguous>(p, pl, blockIdx.x);
  prefetch_v_to_l2(p, w);
  partial_scores(p, pe, w, smem, part + std::size_t(blockIdx.x) * kS * kS);
}

static __global__ void __launch_bounds__(kThreads)
    softmax_kernel(const AttentionProblem p, const Plan pl, const float* part, float* P) {
  softmax_rows(p, pl, part, P, blockIdx.x * (kThreads / 32) + (threadIdx.x >> 5),
               gridDim.x * (kThreads / 32));
}

static __global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    pv_kernel(const AttentionProblem p, const Plan pl, const float* P) {
  extern __shared__ __align__(16) float smem[];
  pv_tiles(p, block_work<Contiguous>(p, pl, blockIdx.x), smem, P);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  static const bool configured = [] {
    set_max_dynamic_smem(&partial_scores_kernel<Pe>, int(kSmemBytes));
    set_max_dynamic_smem(&pv_kernel, int(kSmemBytes));
    return true;
  }();
  (void)configured;
  const Plan pl = make_plan(p, sm_count());
  const Workspace ws = split_workspace(p, pl, workspace);
  partial_scores_kernel<Pe><<<pl.blocks, kThreads, kSmemBytes, stream>>>(p, pe, pl, ws.part);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const int rows = p.B * p.Hq * p.Sq;
  softmax_kernel<<<ceil_div(rows, kThreads / 32), kThreads, 0, stream>>>(p, pl, ws.part, ws.P);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  pv_kernel<<<pl.blocks, kThreads, kSmemBytes, stream>>>(p, pl, ws.P);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_mma::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::split_d_mma
