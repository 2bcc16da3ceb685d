// Part rows_in_registers, first built as attention v041:
// small head_dim with K in registers: a block owns kRows
// query rows of one head (2 for v041, 4 for v042), and its 8 warps each own
// 8 of the head's (at most) 64 keys: lane l handles the float4 at dims
// 4l..4l+3 of its 8 K rows and 8 V rows, so D = 128 is one row per warp load.
// v012's head tile spent its time in per-thread chains over shared memory
// (a 128-FMA dot product per key, 64 keys per output); here:
//   1. every load is issued at once: Q rows and 8 K rows per thread straight
//      into registers, the thread's 8 V float4s by cp.async into shared
//      memory that only the same thread reads back (no barrier; with V in
//      registers too, ptxas kept the kernel at 64 registers, fewer than the
//      72 the loads alone need);
//   2. the PE hook transforms Q and K in registers (neox pairs dims i and
//      i + 64: lanes l and l ^ 16 swap their float4s and both rotate);
//   3. scores: 8 * kRows dot4 partials per lane, summed across the warp by a
//      transposing butterfly (each halving stage trades half the values
//      with the partner lane): 16 shuffles for 2 rows instead of 80;
//   4. the scores meet in shared memory (one barrier); every warp takes the
//      row max and sum itself, then P for its own 8 keys;
//   5. P V: 8 axpy per row per lane; each thread writes its partial rows
//      over its own V slots, and the 8 warps' rows are summed after one
//      barrier, one 4-byte store per output element.
// D = 128 only is compiled; any other D runs v012 (64, 256 compiled, else
// v005). Limits: v012's (Sk <= 64, D <= 256; any Sq; causal, GQA, cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/head_tile_static_d.cuh"
#include "kernels/common/async_copy.cuh"

namespace fuselab::kernels::attention::rows_in_registers {

inline constexpr int kD = 128;
inline constexpr int kWarps = 8;
inline constexpr int kThreads = 32 * kWarps;
inline constexpr int kKeysPerWarp = head_tile::kKeys / kWarps;  // 8
static_assert(kD == 4 * 32, "a warp covers one D = 128 row with float4 lanes");

// Sums vals[i] (i < N, N a power of two <= 32) across the warp's 32 lanes.
// Each halving stage keeps one half of the values and adds the partner's
// copy of it, so lane l ends with the full sum of value index
// value_of_lane<N>(l) after N - 1 + (5 - log2 N) shuffles.
template <int N>
__device__ __forceinline__ float warp_sum_transposed(float (&vals)[N], int lane) {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "N a power of two <= 32");
  int count = N;
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) {
    if (count > 1) {
      const bool upper = lane & mask;
      count >>= 1;
#pragma unroll
      for (int i = 0; i < N / 2; ++i) {
        if (i < count) {
          const float send = upper ? vals[i] : vals[i + count];
          const float keep = upper ? vals[i + count] : vals[i];
          vals[i] = keep + __shfl_xor_sync(0xffffffffu, send, mask);
        }
      }
    } else {
      vals[0] += __shfl_xor_sync(0xffffffffu, vals[0], mask);
    }
  }
  return vals[0];
}

// The value index warp_sum_transposed<N> leaves in lane l: its halving stages
// read lane bits 4, 3, ... as index bits from the top down.
template <int N>
__device__ __forceinline__ int value_of_lane(int lane) {
  int idx = 0;
#pragma unroll
  for (int s = 0, n = N; n > 1; ++s, n >>= 1) idx = (idx << 1) | ((lane >> (4 - s)) & 1);
  return idx;
}

// Lanes that hold a distinct value after warp_sum_transposed<N> (the rest
// hold copies).
template <int N>
__device__ __forceinline__ bool writes_value(int lane) {
  return (lane & (32 / N - 1)) == 0;
}

// Sums a warp's kRows x kKeysPerWarp dot-product partials (value index
// r * kKeysPerWarp + j: row row0 + r, key key0 + j) across its lanes, and
// stores each score, scaled and masked (-inf where not visible), once.
template <int kRows, int kKeysPerWarp>
__device__ __forceinline__ void store_scores(float (&scores)[kRows][head_tile::kKeys],
                                             float (&part)[kRows * kKeysPerWarp], int lane, int key0,
                                             int row0, const AttentionProblem& p) {
  constexpr int kN = kRows * kKeysPerWarp;
  const float sum = warp_sum_transposed<kN>(part, lane);
  if (writes_value<kN>(lane)) {
    const int idx = value_of_lane<kN>(lane);
    const int r = idx / kKeysPerWarp, key = key0 + idx % kKeysPerWarp;
    const int qi = row0 + r;
    const bool visible = qi < p.Sq && key < p.Sk && (!p.causal || p.k_offset + key <= p.q_offset + qi);
    scores[r][key] = visible ? sum * p.scale : MaxOp::identity();
  }
}

// The lane's dot-product partials, value index r * kKeysPerWarp + j.
template <int kRows, int kKeysPerWarp>
__device__ __forceinline__ void dot_partials(float (&part)[kRows * kKeysPerWarp], const float4 (&q)[kRows],
                                             const float4 (&k)[kKeysPerWarp]) {
#pragma unroll
  for (int r = 0; r < kRows; ++r)
#pragma unroll
    for (int j = 0; j < kKeysPerWarp; ++j) part[r * kKeysPerWarp + j] = dot4(q[r], k[j], 0.f);
}

// Step 3 of the head-tile kernels: the warp's scores of rows row0.. against
// its keys key0.. into the block's scores (store_scores), then a block
// barrier so that every warp sees every score.
template <int kRows, int kKeysPerWarp>
__device__ __forceinline__ void scores_to_shared(float (&scores)[kRows][head_tile::kKeys], const float4 (&q)[kRows],
                                                 const float4 (&k)[kKeysPerWarp], int lane, int key0, int row0,
                                                 const AttentionProblem& p) {
  float part[kRows * kKeysPerWarp];
  dot_partials<kRows, kKeysPerWarp>(part, q, k);
  store_scores<kRows, kKeysPerWarp>(scores, part, lane, key0, row0, p);
  __syncthreads();
}

// This warp's rows key0.. of K or V by cp.async into their shared rows, 16
// bytes a lane (base: the head's rows at the lane's dims), as one commit
// group; rows past Sk land as zeros.
template <int kKeysPerWarp>
__device__ __forceinline__ void copy_warp_rows(float (*rows)[kD], const float* base, int key0, int lane, int Sk) {
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) {
    const bool ok = key0 + j < Sk;
    cp_async16(&rows[key0 + j][4 * lane], ok ? base + std::size_t(key0 + j) * kD : base, ok);
  }
  cp_async_commit();
}

// The warp's partial O rows, P V over its keys with weights w[r][j]: each
// thread reads back the V float4s it copied (vs[key0 + j][4 * lane ..]) and
// writes its rows over them, so it needs kRows <= kKeysPerWarp.
template <int kRows, int kKeysPerWarp>
__device__ __forceinline__ void partial_o_rows(const float (&w)[kRows][kKeysPerWarp], float (*vs)[kD], int key0,
                                               int lane) {
  static_assert(kRows <= kKeysPerWarp, "a thread's partial O rows fit in its V slots");
  float* vmine = &vs[key0][4 * lane];
  float4 v[kKeysPerWarp];
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) v[j] = ld4(vmine + j * kD);
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    float4 o = zero4();
#pragma unroll
    for (int j = 0; j < kKeysPerWarp; ++j) o = axpy4(w[r][j], v[j], o);
    st4(vmine + r * kD, o);
  }
}

// The PE of one float4 of Q or K held by this lane (dims 4 * lane ..).
template <class Pe>
__device__ __forceinline__ void pe_in_register(const Pe& pe, float4& x, int pos, bool is_q, int lane) {
  if constexpr (std::is_same_v<Pe, split_d::NoPe>) {
    return;
  } else if constexpr (Pe::kPaired) {
    // Neox: dims i and i + D/2 = lanes l and l ^ 16.
    const bool upper = lane & 16;
    float4 other;
    other.x = __shfl_xor_sync(0xffffffffu, x.x, 16);
    other.y = __shfl_xor_sync(0xffffffffu, x.y, 16);
    other.z = __shfl_xor_sync(0xffffffffu, x.z, 16);
    other.w = __shfl_xor_sync(0xffffffffu, x.w, 16);
    float4 lo = upper ? other : x, hi = upper ? x : other;
    if (is_q) pe.q2(lo, hi, pos, 4 * (lane & 15));
    else pe.k2(lo, hi, pos, 4 * (lane & 15));
    x = upper ? hi : lo;
  } else {
    if (is_q) pe.q(x, pos, 4 * lane);
    else pe.k(x, pos, 4 * lane);
  }
}

// A block's query head bh and its KV head kv_bh: from blockIdx.y = b * Hq +
// h, or with kHeadsByGrid from blockIdx.y = h and blockIdx.z = b, the KV head
// then taking a division only under GQA (attention v076, v077).
struct BlockHeads {
  int bh, kv_bh;
};
template <bool kHeadsByGrid>
__device__ __forceinline__ BlockHeads block_heads(const AttentionProblem& p) {
  if constexpr (kHeadsByGrid) {
    const int h = blockIdx.y, b = blockIdx.z;
    return {b * p.Hq + h, b * p.Hkv + (p.Hq == p.Hkv ? h : h / (p.Hq / p.Hkv))};
  } else {
    const int bh = blockIdx.y, h = bh % p.Hq, b = bh / p.Hq;
    return {bh, b * p.Hkv + h / (p.Hq / p.Hkv)};
  }
}

// The grid of a head-tile launch: groups of kRows query rows by heads
// (blockIdx.y = b * Hq + h, or with kHeadsByGrid y = h and z = b).
template <bool kHeadsByGrid>
inline dim3 head_tile_grid(const AttentionProblem& p, int rows_per_block) {
  const unsigned rows = unsigned(ceil_div(p.Sq, rows_per_block));
  return kHeadsByGrid ? dim3(rows, unsigned(p.Hq), unsigned(p.B)) : dim3(rows, unsigned(p.B) * p.Hq);
}

template <class Pe, int kRows, bool kHeadsByGrid = false>
__global__ void __launch_bounds__(kThreads) rows_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kKeys = head_tile::kKeys;
  static_assert(kRows <= kKeysPerWarp, "a thread's partial O rows fit in its V slots");
  __shared__ float scores[kRows][kKeys];
  __shared__ __align__(16) float vs[kKeys][kD];  // V, then the warps' partial O rows

  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const int row0 = blockIdx.x * kRows;
  const auto [bh, kv_bh] = block_heads<kHeadsByGrid>(p);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD + 4 * lane;
  const float* kbase = p.k + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;
  const float* vbase = p.v + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;
  const int key0 = warp * kKeysPerWarp;

  // 1. Every load at once.
  copy_warp_rows<kKeysPerWarp>(vs, vbase, key0, lane, p.Sk);
  float4 q[kRows], k[kKeysPerWarp];
#pragma unroll
  for (int r = 0; r < kRows; ++r)
    q[r] = row0 + r < p.Sq ? ldg4(qbase + std::size_t(row0 + r) * kD) : zero4();
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j)
    k[j] = key0 + j < p.Sk ? ldg4(kbase + std::size_t(key0 + j) * kD) : zero4();

  // 2. The PE in registers.
#pragma unroll
  for (int r = 0; r < kRows; ++r) pe_in_register(pe, q[r], p.q_offset + row0 + r, true, lane);
#pragma unroll
  for (int j = 0; j < kKeysPerWarp; ++j) pe_in_register(pe, k[j], p.k_offset + key0 + j, false, lane);

  // 3. Scores.
  scores_to_shared<kRows, kKeysPerWarp>(scores, q, k, lane, key0, row0, p);

  // 4. Softmax per row in every warp; P for this warp's keys.
  float pr[kRows][kKeysPerWarp];
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    const float s0 = scores[r][lane], s1 = scores[r][lane + 32];
    const float m = warp_max(fmaxf(s0, s1));
    const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
    const float l = warp_sum(expf(s0 - base) + expf(s1 - base));
    const float inv = l > 0.f ? 1.f / l : 0.f;
#pragma unroll
    for (int j = 0; j < kKeysPerWarp; ++j) pr[r][j] = expf(scores[r][key0 + j] - base) * inv;
  }

  // 5. P V: this warp's 8 keys, then the warps' partial rows summed.
  cp_async_wait<0>();
  partial_o_rows(pr, vs, key0, lane);
  __syncthreads();
#pragma unroll
  for (int idx = tid; idx < kRows * kD; idx += kThreads) {
    const int r = idx / kD, d = idx % kD;
    float o = 0.f;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) o += vs[w * kKeysPerWarp + r][d];
    if (row0 + r < p.Sq) p.out[(std::size_t(bh) * p.Sq + row0 + r) * kD + d] = o;
  }
}

template <int kRows, class Pe, bool kHeadsByGrid = false>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  if (p.D != kD) return head_tile_static_d::launch_with(p, pe, stream);
  rows_kernel<Pe, kRows, kHeadsByGrid><<<head_tile_grid<kHeadsByGrid>(p, kRows), kThreads, 0, stream>>>(p, pe);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline constexpr int kRowsV041 = 2;
inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with<kRowsV041>(p, split_d::NoPe{}, stream);
}

// v042: four rows per block.
inline constexpr int kRowsV042 = 4;
inline void launch_four_rows(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with<kRowsV042>(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::rows_in_registers
