// Part flash_wgmma, first built as attention v054:
// long sequences at D = 128: a FlashAttention-style kernel
// on wgmma at fp32 accuracy (3xTF32). Every earlier design either keeps a
// head's keys in one block (Sk <= 64) or is the study's row kernel, one block
// per query row, which at 8x16x1024x128 re-reads K and V 1024 times per head.
// Here a block owns 128 query rows of one head (two warpgroups of 64) and
// streams the head's K and V once, 32 keys a tile, with an online softmax:
//   Q: loaded once, the PE hook applied as it lands; its tf32 big part goes
//      to shared memory (wgmma A operand), its small part stays in 64
//      registers per thread in the A-fragment layout (never changes, so the
//      register-A wgmma can read it at any time).
//   per tile: K and V land raw by cp.async (one tile ahead), then all 256
//      threads apply the PE to K and split it into big and small (B of the
//      scores, K-major as it is), and split V into big and small stored
//      transposed (B of P V must be K-major: dims as rows, keys along K).
//   scores: S = Qs Kb + Qb Ks + Qb Kb, 16 k-steps of m64n32k8 per warpgroup.
//   softmax: rows of a warpgroup live in quads of lanes (accumulator layout),
//      so the row max takes two shuffles; each thread keeps its partial row
//      sums and the quad adds them once at the end.
//   P V: P goes from the score accumulators straight into A fragments. The
//      accumulator holds keys 2t, 2t + 1 of each 8-key step where the A
//      fragment wants t, t + 4; the keys of a step may be taken in any order
//      if B agrees, so V^T's K index t holds key 2t and t + 4 holds 2t + 1.
//      O (64 rows x 128 dims per warpgroup) is two m64n64 accumulators.
// 161 KB of shared memory and 189-199 registers a thread: one block per SM.
// kAhead (v055) keeps two sets of tile operands (see v055's file).
// Limits: D = 128; any Sq, Sk; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "kernels/attention/parts/wgmma_scores.cuh"  // require_sm90a
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::flash_wgmma {

inline constexpr int kD = 128;                       // the head_dim compiled
inline constexpr int kRows = 64;                     // query rows per warpgroup
inline constexpr int kGroups = 2;                    // warpgroups per block
inline constexpr int kBlockRows = kRows * kGroups;   // query rows per block
inline constexpr int kKeys = 32;                     // keys per tile
inline constexpr int kThreads = 128 * kGroups;
inline constexpr int kLdRaw = kD + 4;                // raw row stride: rows 4 banks apart
inline constexpr Tf32Split kSplit = Tf32Split::kMask;

using QLayout = DenseCores64;              // A of S: 64 rows x 128 dims (16 k-steps)
using KLayout = CoreLayout<256, 64, 32>;  // B of S: 32 keys x 128 dims
using VLayout = DenseCores64;             // B of P V: 64 dims x 32 keys (4 k-steps), per half of D

inline constexpr int kQFloats = (kD / 8) * QLayout::kStep;    // one warpgroup's Q big
inline constexpr int kKFloats = (kD / 8) * KLayout::kStep;    // one part (big or small) of K
inline constexpr int kVFloats = (kKeys / 8) * VLayout::kStep;  // one part of one half of V^T
inline constexpr int kRawFloats = kKeys * kLdRaw;              // one raw tile
// A tile's operands: K big, K small, V^T [part (0 big, 1 small)][half].
inline constexpr int kSplitFloats = 2 * kKFloats + 4 * kVFloats;
// Shared memory: Q big (per warpgroup) | tile operands (kAhead: two sets) |
// raw K, raw V.
inline constexpr int kKAt = kGroups * kQFloats;
template <bool kAhead>
inline constexpr int kRawAt = kKAt + (kAhead ? 2 : 1) * kSplitFloats;
template <bool kAhead>
inline constexpr std::size_t kSmemBytes = std::size_t(kRawAt<kAhead> + 2 * kRawFloats) * sizeof(float);
// Q lands raw once, in the place of the tile operands.
static_assert(kBlockRows * kLdRaw <= kSplitFloats + 2 * kRawFloats, "raw Q fits behind Q big");
static_assert(kSmemBytes<true> <= 227 * 1024, "v055's two operand sets fit one block's shared memory");

// x split into tf32 parts, stored at big + off and (unless small is null)
// small + off.
__device__ __forceinline__ void put_split4_at(float* big, float* small, int off, float4 x) {
  std::uint32_t b[4], s[4];
  split_tf32<kSplit>(x.x, b[0], s[0]);
  split_tf32<kSplit>(x.y, b[1], s[1]);
  split_tf32<kSplit>(x.z, b[2], s[2]);
  split_tf32<kSplit>(x.w, b[3], s[3]);
  st4(big + off, make_float4(__uint_as_float(b[0]), __uint_as_float(b[1]), __uint_as_float(b[2]),
                             __uint_as_float(b[3])));
  if (small)
    st4(small + off, make_float4(__uint_as_float(s[0]), __uint_as_float(s[1]), __uint_as_float(s[2]),
                                 __uint_as_float(s[3])));
}

// x (dims d..d+3 of row `row`) split into tf32 parts at `layout` offsets of
// big and small.
template <class Layout>
__device__ __forceinline__ void put_split4(float* big, float* small, int row, int d, float4 x) {
  put_split4_at(big, small, Layout::offset(row, d), x);
}

// The online softmax's row step for a thread's two rows: the tile's row
// maxima (tmax) met across the quad that holds each row, m and l moved to
// the new maxima, and alpha the factor O must take (exponentials in base 2
// with kBase2, v056).
template <bool kBase2>
__device__ __forceinline__ void move_row_maxima(float (&tmax)[2], float (&m)[2], float (&l)[2], float (&alpha)[2]) {
#pragma unroll
  for (int x = 0; x < 2; ++x) {
    tmax[x] = fmaxf(tmax[x], __shfl_xor_sync(0xffffffffu, tmax[x], 1));
    tmax[x] = fmaxf(tmax[x], __shfl_xor_sync(0xffffffffu, tmax[x], 2));
    const float m_new = fmaxf(m[x], tmax[x]);
    alpha[x] = m_new == -INFINITY ? 1.f : (kBase2 ? exp2f(m[x] - m_new) : expf(m[x] - m_new));
    m[x] = m_new;
    l[x] *= alpha[x];
  }
}

// Row `row`'s dims i..i+3 and i+64..i+67 with the hook applied (pos: the
// row's position; paired hooks rotate i with i + 64).
template <class Pe, bool kIsQ>
__device__ __forceinline__ void apply_pe(const Pe& pe, float4& lo, float4& hi, int pos, int i) {
  if constexpr (Pe::kPaired) {
    if constexpr (kIsQ) pe.q2(lo, hi, pos, i);
    else pe.k2(lo, hi, pos, i);
  } else if constexpr (kIsQ) {
    pe.q(lo, pos, i);
    pe.q(hi, pos, i + kD / 2);
  } else {
    pe.k(lo, pos, i);
    pe.k(hi, pos, i + kD / 2);
  }
}

// Tile j's scores of a thread's two rows (register 4jj + r: row qrow +
// 8 (r / 2), key 8 jj + 2t + r % 2) scaled to base 2, s c with c = scale
// log2(e), and -inf where the key is past Sk or (causal) after the row; each
// row's maximum of them in tmax. Returns full: every key of the tile is
// visible to every row of the block (its first row, row0, sees the fewest),
// and then nothing is masked.
__device__ __forceinline__ bool scale_and_mask(float (&sc)[16], float (&tmax)[2], const AttentionProblem& p, int j,
                                               int qrow, int row0, int t) {
  const float c = p.scale * 1.4426950408889634f;
  const int tile_end = (j + 1) * kKeys;
  const bool full = tile_end <= p.Sk && (!p.causal || p.k_offset + tile_end - 1 <= p.q_offset + row0);
  tmax[0] = tmax[1] = -INFINITY;
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    float v = sc[i] * c;
    if (!full) {
      const int key = j * kKeys + 8 * (i >> 2) + 2 * t + (i & 1), row = qrow + 8 * ((i >> 1) & 1);
      const bool visible = key < p.Sk && (!p.causal || p.k_offset + key <= p.q_offset + row);
      v = visible ? v : -INFINITY;
    }
    sc[i] = v;
    tmax[(i >> 1) & 1] = fmaxf(tmax[(i >> 1) & 1], v);
  }
  return full;
}

// The lean online softmax of one tile (v056) for a thread's two rows (qrow,
// qrow + 8) of the score accumulator: register 4jj + r is row qrow + 8 (r / 2),
// key 8 jj + 2t + r % 2 of tile j. Base 2 with the scale folded in:
// p = 2^(s c - m), c = scale log2(e). No masks where every key of the tile is
// visible to every row of the block (its first row, row0, sees the fewest);
// then every row max is finite. O is rescaled only where a warp's row maximum
// moved.
__device__ __forceinline__ void lean_softmax(float (&sc)[16], float (&m)[2], float (&l)[2], float (&o)[2][32],
                                             const AttentionProblem& p, int j, int qrow, int row0, int t) {
  float tmax[2];
  const bool full = scale_and_mask(sc, tmax, p, j, qrow, row0, t);
  float alpha[2];
  move_row_maxima<true>(tmax, m, l, alpha);
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const int x = (i >> 1) & 1;
    sc[i] = (full || m[x] != -INFINITY) ? exp2f(sc[i] - m[x]) : 0.f;
    l[x] += sc[i];
  }
  if (!__all_sync(0xffffffffu, alpha[0] == 1.f && alpha[1] == 1.f)) {
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      o[0][i] *= alpha[(i >> 1) & 1];
      o[1][i] *= alpha[(i >> 1) & 1];
    }
  }
}

// P's A fragments, split into tf32 parts: the fragment of 8-key step jj is
// (sc[4jj], sc[4jj + 2], sc[4jj + 1], sc[4jj + 3]): K index t is key 2t,
// t + 4 is key 2t + 1 (V^T's keys are permuted to match).
__device__ __forceinline__ void p_fragments(const float (&sc)[16], std::uint32_t (&pb)[kKeys / 8][4],
                                            std::uint32_t (&ps)[kKeys / 8][4]) {
#pragma unroll
  for (int jj = 0; jj < kKeys / 8; ++jj) {
    const float a[4] = {sc[4 * jj], sc[4 * jj + 2], sc[4 * jj + 1], sc[4 * jj + 3]};
#pragma unroll
    for (int i = 0; i < 4; ++i) split_tf32<kSplit>(a[i], pb[jj][i], ps[jj][i]);
  }
}

// O = acc / l for a thread's rows qrow and qrow + 8 (their partial sums
// added across the quad first): register 4jj + r of half hf is row
// qrow + 8 (r / 2), dim 64 hf + 8 jj + 2t + r % 2. A row with no visible key
// gives 0 / 0 (NaN), as the reference does.
__device__ __forceinline__ void store_o(const float (&o)[2][32], float (&l)[2], float* obase, int qrow, int Sq,
                                        int t) {
#pragma unroll
  for (int x = 0; x < 2; ++x) {
    l[x] += __shfl_xor_sync(0xffffffffu, l[x], 1);
    l[x] += __shfl_xor_sync(0xffffffffu, l[x], 2);
  }
#pragma unroll
  for (int x = 0; x < 2; ++x) {
    const int row = qrow + 8 * x;
    if (row >= Sq) continue;
    const float inv = 1.f / l[x];
    float* out = obase + std::size_t(row) * kD + 2 * t;
#pragma unroll
    for (int hf = 0; hf < 2; ++hf)
#pragma unroll
      for (int jj = 0; jj < 8; ++jj)
        *reinterpret_cast<float2*>(out + 64 * hf + 8 * jj) =
            make_float2(o[hf][4 * jj + 2 * x] * inv, o[hf][4 * jj + 2 * x + 1] * inv);
  }
}

// The Q prologue's e-th quad of the block (8 lanes take 8 rows of one 4-dim
// quad, so the stores fill whole cores): row r, dims i..i+3 (lo) and i + 64..
// (hi), loaded with the hook applied; zeros for rows past Sq.
template <class Pe>
__device__ __forceinline__ void load_q_quad(const Pe& pe, const AttentionProblem& p, const float* qbase, int row0,
                                            int e, int& r, int& i, float4& lo, float4& hi) {
  r = (e & 7) + 8 * (e >> 7);
  i = 4 * ((e >> 3) & 15);
  const int row = row0 + r;
  lo = zero4();
  hi = zero4();
  if (row < p.Sq) {
    lo = ld4(qbase + std::size_t(row) * kD + i);
    hi = ld4(qbase + std::size_t(row) * kD + i + kD / 2);
    apply_pe<Pe, true>(pe, lo, hi, p.q_offset + row, i);
  }
}

// The A fragment of k-step s for a warp's 16 rows staged raw at st (row
// stride kLdRaw), split into tf32 parts: a0 (g, t), a1 (g + 8, t),
// a2 (g, t + 4), a3 (g + 8, t + 4).
__device__ __forceinline__ void q_fragment_split(const float* st, int s, int g, int t, std::uint32_t (&big)[4],
                                                 std::uint32_t (&small)[4]) {
  const float a[4] = {st[g * kLdRaw + 8 * s + t], st[(g + 8) * kLdRaw + 8 * s + t],
                      st[g * kLdRaw + 8 * s + t + 4], st[(g + 8) * kLdRaw + 8 * s + t + 4]};
#pragma unroll
  for (int i = 0; i < 4; ++i) split_tf32<kSplit>(a[i], big[i], small[i]);
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// One 8-key step of P V into one half of O, 3xTF32 (small terms first).
__device__ __forceinline__ void pv_step(float (&o)[32], const std::uint32_t (&pb)[4], const std::uint32_t (&ps)[4],
                                        std::uint64_t vb, std::uint64_t vs) {
  wgmma_m64n64k8_tf32_ra(o, ps, vb);
  wgmma_m64n64k8_tf32_ra(o, pb, vs);
  wgmma_m64n64k8_tf32_ra(o, pb, vb);
}
// After P V's wait: its register operands and accumulators are the thread's again.
__device__ __forceinline__ void fence_pv_operands(std::uint32_t (&pb)[kKeys / 8][4], std::uint32_t (&ps)[kKeys / 8][4],
                                                  float (&o)[2][32]) {
#pragma unroll
  for (int jj = 0; jj < kKeys / 8; ++jj) {
    wgmma_fence_operands(pb[jj]);
    wgmma_fence_operands(ps[jj]);
  }
  wgmma_fence_operands(o[0]);
  wgmma_fence_operands(o[1]);
}
#endif

// A hook whose K transform comes in two steps (sinusoidal v075, rope v078):
// k_fetch(pos, i) loads what the transform of dims i..i+3 and i+64.. needs
// (a KFetched), k_apply(lo, hi, fetched) applies it. With the lean tile the
// kernel fetches tile j + 1's as soon as tile j is converted, a tile ahead.
template <class Pe, class = void>
struct KFetch {
  static constexpr bool kOn = false;
  struct type {};
};
template <class Pe>
struct KFetch<Pe, std::void_t<typename Pe::KFetched>> {
  static constexpr bool kOn = true;
  using type = typename Pe::KFetched;
};

// kAhead (v055): two sets of tile operands; tile j + 1's K is converted
// while tile j's scores run on the tensor cores, and its V while tile j's
// P V runs.
// kLean (v056): fewer instructions per tile (see v056's file): the
// conversions' addresses fixed per thread, masks only on tiles that need
// them, the softmax in base 2 with the scale folded in, and O rescaled only
// where a warp's row maximum moved.
// kStepDescs (v057): the operand descriptors formed once, each k-step's
// from its tile's first by one add (CoreLayout::desc_step).
// v058 sets all three.
// kLateRawWait (v059, with kAhead): the wait for tile j + 1's raw data comes
// after tile j's score products are issued, not before.
template <class Pe, bool kAhead = false, bool kLean = false, bool kStepDescs = false, bool kLateRawWait = false>
__global__ void __launch_bounds__(kThreads, 1) flash_kernel(const AttentionProblem p, const Pe pe) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  const int tid = threadIdx.x, wg = tid >> 7, warp = (tid >> 5) & 3, lane = tid & 31;
  const int g = lane >> 2, t = lane & 3;
  const int bh = blockIdx.y, h = bh % p.Hq, b = bh / p.Hq, kvh = h / (p.Hq / p.Hkv);
  const int row0 = blockIdx.x * kBlockRows;
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD;
  const float* kbase = p.k + std::size_t(b * p.Hkv + kvh) * p.Sk * kD;
  const float* vbase = p.v + std::size_t(b * p.Hkv + kvh) * p.Sk * kD;
  float* obase = p.out + std::size_t(bh) * p.Sq * kD;
  float* const qbig = smem + wg * kQFloats;
  auto operands = [&](int j) { return smem + kKAt + (kAhead ? (j & 1) : 0) * kSplitFloats; };
  float* const kraw = smem + kRawAt<kAhead>;
  float* const vraw = kraw + kRawFloats;

  // ---- Q: the PE applied, big part to shared memory, raw copy staged.
  {
    float* const stage = smem + kKAt;
    for (int e = tid; e < kBlockRows * (kD / 8); e += kThreads) {
      int r, i;
      float4 lo, hi;
      load_q_quad(pe, p, qbase, row0, e, r, i, lo, hi);
      float* const qb = smem + (r / kRows) * kQFloats;
      put_split4<QLayout>(qb, nullptr, r % kRows, i, lo);
      put_split4<QLayout>(qb, nullptr, r % kRows, i + kD / 2, hi);
      st4(stage + r * kLdRaw + i, lo);
      st4(stage + r * kLdRaw + i + kD / 2, hi);
    }
  }
  fence_proxy_async_shared();
  __syncthreads();
  // Q small in A-fragment registers: k-step s, a0 (g, t), a1 (g + 8, t),
  // a2 (g, t + 4), a3 (g + 8, t + 4) of the warp's 16 rows.
  std::uint32_t qs[kD / 8][4];
  {
    const float* st = smem + kKAt + (kRows * wg + 16 * warp) * kLdRaw;
#pragma unroll
    for (int s = 0; s < kD / 8; ++s) {
      std::uint32_t big[4];
      q_fragment_split(st, s, g, t, big, qs[s]);
    }
  }
  __syncthreads();  // the stage is free for K and V

  // Keys the block needs: up to the last visible key of its last row.
  const int last_row = min(p.Sq, row0 + kBlockRows) - 1;
  const int kv_end = p.causal ? max(0, min(p.Sk, p.q_offset + last_row - p.k_offset + 1)) : p.Sk;
  const int tiles = (kv_end + kKeys - 1) / kKeys;

  auto load_raw = [&](int j) {
#pragma unroll
    for (int r = 0; r < kKeys * kD / 4 / kThreads; ++r) {
      const int e = tid + kThreads * r, key = e >> 5, c = 4 * (e & 31), kk = j * kKeys + key;
      const bool ok = kk < p.Sk;
      const std::size_t at = std::size_t(ok ? kk : 0) * kD + c;
      cp_async16(kraw + key * kLdRaw + c, kbase + at, ok);
      cp_async16(vraw + key * kLdRaw + c, vbase + at, ok);
    }
    cp_async_commit();
  };

  // KFetch hooks: what tile j's transform needs, fetched a tile ahead for
  // the lean tile's keys and dims (convert_k's key0 + 16r and i).
  typename KFetch<Pe>::type kf[2];
  auto fetch_k = [&](int j) {
    if constexpr (KFetch<Pe>::kOn) {
      const int key0 = (tid & 7) + 8 * (tid >> 7), i = 4 * ((tid >> 3) & 15);
#pragma unroll
      for (int r = 0; r < 2; ++r) {
        const int kk = j * kKeys + key0 + 16 * r;
        if (kk < p.Sk) kf[r] = pe.k_fetch(p.k_offset + kk, i);
      }
    }
  };
  static_assert(!KFetch<Pe>::kOn || kLean, "a fetching hook needs the lean tile");

  // Tile j's K (PE, split) into its operand set.
  auto convert_k = [&](int j) {
    float* const kbig = operands(j);
    if constexpr (kLean) {
      // Thread: keys key0 + 16r, dims i..i+3 and i+64..; the tile-invariant
      // offsets once, the rest immediates.
      static_assert(kKeys * (kD / 8) == 2 * kThreads && KLayout::kSbo * 2 == KLayout::offset(16, 0), "2 rows");
      const int key0 = (tid & 7) + 8 * (tid >> 7), i = 4 * ((tid >> 3) & 15);
      const float* src = kraw + key0 * kLdRaw + i;
      float* dst = kbig + KLayout::offset(key0, i);
      constexpr int kHi = KLayout::offset(0, kD / 2);
#pragma unroll
      for (int r = 0; r < 2; ++r) {
        float4 lo = ld4(src + 16 * r * kLdRaw), hi = ld4(src + 16 * r * kLdRaw + kD / 2);
        const int kk = j * kKeys + key0 + 16 * r;
        if constexpr (KFetch<Pe>::kOn) {
          if (kk < p.Sk) pe.k_apply(lo, hi, kf[r]);
        } else if (kk < p.Sk) {
          apply_pe<Pe, false>(pe, lo, hi, p.k_offset + kk, i);
        }
        put_split4_at(dst, dst + kKFloats, 2 * r * KLayout::kSbo, lo);
        put_split4_at(dst, dst + kKFloats, 2 * r * KLayout::kSbo + kHi, hi);
      }
      fetch_k(j + 1);
    } else {
#pragma unroll
      for (int r = 0; r < kKeys * (kD / 8) / kThreads; ++r) {
        const int e = tid + kThreads * r, key = (e & 7) + 8 * (e >> 7), i = 4 * ((e >> 3) & 15);
        float4 lo = ld4(kraw + key * kLdRaw + i), hi = ld4(kraw + key * kLdRaw + i + kD / 2);
        const int kk = j * kKeys + key;
        if (kk < p.Sk) apply_pe<Pe, false>(pe, lo, hi, p.k_offset + kk, i);
        put_split4<KLayout>(kbig, kbig + kKFloats, key, i, lo);
        put_split4<KLayout>(kbig, kbig + kKFloats, key, i + kD / 2, hi);
      }
    }
  };
  // Tile j's V (split, transposed, keys permuted) into its operand set. A
  // warp step: 8 dims x 4 keys of one parity in one 8-key step, so both the
  // raw loads and the transposed stores hit 32 banks.
  auto convert_v = [&](int j) {
    float* const vt = operands(j) + 2 * kKFloats;
    const int dd = lane & 7, kq = lane >> 3;
    if constexpr (kLean) {
      // Warp w: 8-key step w / 2, parity w % 2; step it: dims 8 it + dd.
      static_assert(kThreads / 32 == 2 * (kKeys / 8), "a warp per step and parity");
      const int w = tid >> 5, ks = w >> 1, par = w & 1;
      const float* src = vraw + (8 * ks + 2 * kq + par) * kLdRaw + dd;
      float* dst = vt + VLayout::offset(dd, 8 * ks + kq + 4 * par);
#pragma unroll
      for (int it = 0; it < kD / 8; ++it) {
        std::uint32_t big, small;
        split_tf32<kSplit>(src[8 * it], big, small);
        float* at = dst + (it / 8) * kVFloats + (it % 8) * VLayout::kSbo;
        at[0] = __uint_as_float(big);
        at[2 * kVFloats] = __uint_as_float(small);
      }
    } else {
#pragma unroll 4
      for (int it = 0; it < kKeys * kD / 32 / (kThreads / 32); ++it) {
        const int gi = (tid >> 5) * (kKeys * kD / 32 / (kThreads / 32)) + it;
        const int dim = 8 * (gi & 15) + dd, ks = (gi >> 4) >> 1, par = (gi >> 4) & 1;
        const int key = 8 * ks + 2 * kq + par;
        std::uint32_t big, small;
        split_tf32<kSplit>(vraw[key * kLdRaw + dim], big, small);
        const int off = VLayout::offset(dim % 64, 8 * ks + kq + 4 * par);
        vt[(dim / 64) * kVFloats + off] = __uint_as_float(big);
        vt[(2 + dim / 64) * kVFloats + off] = __uint_as_float(small);
      }
    }
  };

  float o[2][32];
#pragma unroll
  for (int i = 0; i < 32; ++i) o[0][i] = o[1][i] = 0.f;
  float m[2] = {-INFINITY, -INFINITY}, l[2] = {0.f, 0.f};
  const int qrow = row0 + kRows * wg + 16 * warp + g;  // rows qrow, qrow + 8

  // kStepDescs: step 0's descriptors of Q big and of operand set 0; set 1's
  // are set 0's moved by kSplitFloats (in 16-byte units, as desc_step moves
  // a step).
  std::uint64_t q_desc = 0, kb_desc = 0, ks_desc = 0, v_desc[4] = {};
  if constexpr (kStepDescs) {
    q_desc = QLayout::desc(qbig, 0);
    kb_desc = KLayout::desc(operands(0), 0);
    ks_desc = KLayout::desc(operands(0) + kKFloats, 0);
#pragma unroll
    for (int i = 0; i < 4; ++i) v_desc[i] = VLayout::desc(operands(0) + 2 * kKFloats + i * kVFloats, 0);
  }

  if (tiles > 0) load_raw(0);
  fetch_k(0);
  if (kAhead && tiles > 0) {
    cp_async_wait<0>();
    __syncthreads();
    convert_k(0);
    convert_v(0);
    fence_proxy_async_shared();
    __syncthreads();
    if (tiles > 1) load_raw(1);
  }
  for (int j = 0; j < tiles; ++j) {
    const bool next = kAhead && j + 1 < tiles;  // tile j + 1 is converted during tile j
    if constexpr (kAhead) {
      if (next && !kLateRawWait) {
        cp_async_wait<0>();
        __syncthreads();  // tile j + 1 landed raw
      }
    } else {
      cp_async_wait<0>();
      __syncthreads();  // tile j landed; every warpgroup is done with tile j - 1
      convert_k(j);
      convert_v(j);
      fence_proxy_async_shared();
      __syncthreads();  // tile j's operands are complete; the raw buffers are free
      if (j + 1 < tiles) load_raw(j + 1);
    }
    const float* const kbig = operands(j);
    const float* const ksmall = kbig + kKFloats;
    const float* const vt = kbig + 2 * kKFloats;
    const std::uint64_t set_shift = kAhead ? std::uint64_t((j & 1) * (kSplitFloats / 4)) : 0;

    // Scores, 3xTF32 (small terms first).
    float sc[16];
#pragma unroll
    for (int i = 0; i < 16; ++i) sc[i] = 0.f;
    wgmma_fence_operands(sc);
    wgmma_fence();
#pragma unroll
    for (int s = 0; s < kD / 8; ++s) {
      std::uint64_t qb, kb, ksd;
      if constexpr (kStepDescs) {
        qb = QLayout::desc_step(q_desc, s);
        kb = KLayout::desc_step(kb_desc + set_shift, s);
        ksd = KLayout::desc_step(ks_desc + set_shift, s);
      } else {
        qb = QLayout::desc(qbig, s);
        kb = KLayout::desc(kbig, s);
        ksd = KLayout::desc(ksmall, s);
      }
      wgmma_m64n32k8_tf32_ra(sc, qs[s], kb);
      wgmma_m64n32k8_tf32(sc, qb, ksd);
      wgmma_m64n32k8_tf32(sc, qb, kb);
    }
    wgmma_commit();
    if (kLateRawWait && next) {
      cp_async_wait<0>();
      __syncthreads();  // tile j + 1 landed raw, while the scores run
    }
    if (next) convert_k(j + 1);  // while the scores run
    wgmma_wait<0>();
    wgmma_fence_operands(sc);

    // Online softmax: register 4jj + r is row qrow + 8 (r / 2), key
    // 8 jj + 2t + r % 2 of the tile.
    if constexpr (kLean) {
      lean_softmax(sc, m, l, o, p, j, qrow, row0, t);
    } else {
      float tmax[2] = {-INFINITY, -INFINITY};
#pragma unroll
      for (int i = 0; i < 16; ++i) {
        const int key = j * kKeys + 8 * (i >> 2) + 2 * t + (i & 1), row = qrow + 8 * ((i >> 1) & 1);
        const bool visible = key < p.Sk && (!p.causal || p.k_offset + key <= p.q_offset + row);
        sc[i] = visible ? sc[i] * p.scale : -INFINITY;
        tmax[(i >> 1) & 1] = fmaxf(tmax[(i >> 1) & 1], sc[i]);
      }
      float alpha[2];
      move_row_maxima<false>(tmax, m, l, alpha);
#pragma unroll
      for (int i = 0; i < 16; ++i) {
        const int x = (i >> 1) & 1;
        sc[i] = m[x] == -INFINITY ? 0.f : expf(sc[i] - m[x]);
        l[x] += sc[i];
      }
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        o[0][i] *= alpha[(i >> 1) & 1];
        o[1][i] *= alpha[(i >> 1) & 1];
      }
    }

    // P V, P's fragments in p_fragments' key order.
    std::uint32_t pb[kKeys / 8][4], ps[kKeys / 8][4];
    p_fragments(sc, pb, ps);
    wgmma_fence_operands(o[0]);
    wgmma_fence_operands(o[1]);
    wgmma_fence();
#pragma unroll
    for (int jj = 0; jj < kKeys / 8; ++jj)
#pragma unroll
      for (int half = 0; half < 2; ++half) {
        std::uint64_t vb, vs;
        if constexpr (kStepDescs) {
          vb = VLayout::desc_step(v_desc[half] + set_shift, jj);
          vs = VLayout::desc_step(v_desc[2 + half] + set_shift, jj);
        } else {
          vb = VLayout::desc(vt + half * kVFloats, jj);
          vs = VLayout::desc(vt + (2 + half) * kVFloats, jj);
        }
        pv_step(o[half], pb[jj], ps[jj], vb, vs);
      }
    wgmma_commit();
    if (next) convert_v(j + 1);  // while P V runs
    wgmma_wait<0>();
    fence_pv_operands(pb, ps, o);
    if constexpr (kAhead) {
      fence_proxy_async_shared();
      __syncthreads();  // tile j + 1's operands are complete; tile j's and the raw buffers are free
      if (j + 2 < tiles) load_raw(j + 2);
    }
  }

  store_o(o, l, obase, qrow, p.Sq, t);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe, bool kAhead = false, bool kLean = false, bool kStepDescs = false, bool kLateRawWait = false>
inline constexpr auto kKernel = &flash_kernel<Pe, kAhead, kLean, kStepDescs, kLateRawWait>;

template <bool kAhead = false, bool kLean = false, bool kStepDescs = false, bool kLateRawWait = false, class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  wgmma_scores::require_sm90a();
  if (p.D != kD)
    throw std::runtime_error("attention v054 - v059 are compiled for head_dim 128 only; their limits say so");
  constexpr auto kernel = kKernel<Pe, kAhead, kLean, kStepDescs, kLateRawWait>;
  set_max_dynamic_smem(kernel, int(kSmemBytes<kAhead>));
  const dim3 grid(unsigned((p.Sq + kBlockRows - 1) / kBlockRows), unsigned(p.B) * p.Hq);
  kernel<<<grid, kThreads, kSmemBytes<kAhead>, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::flash_wgmma
