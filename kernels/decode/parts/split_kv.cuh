// Flash-decoding: the KV sequence of every (batch, kv head) cut into chunks,
// one block per (b, kv head, chunk, tile of kRows query rows), so the grid
// fills the SMs even at batch 1; a second small kernel combines the chunks.
//
// The rows of one kv head are its g = Hq/Hkv query heads times the Sq
// queries (contiguous in out: row r = h_in_group · Sq + i); a block holds a
// tile of kRows of them, rotated and scaled in shared memory (its own
// rotation: every chunk redoes it, kRows · D/2 sincosf), and reads its
// chunk of K and V once for all of them (GQA reuse; groups past kRows rows
// take more tiles, which read the chunk again, mostly from L2).
//
// In a warp, each group of 8 lanes takes one key per step (a warp 4 keys,
// the block's 4 warps 16): lane `sub` of the group holds float4s
// sub, sub + 8, ... of the key's row, so each load instruction of the 8
// lanes reads 128 contiguous bytes. The group's dot products close with 3
// xor-shuffles; each group keeps its own online softmax (m, l and the
// un-normalised acc, FP32, accurate expf), rescaled only when the maximum
// grows. At the end the 4 groups of a warp merge by shuffles, the 4 warps
// through shared memory, and the block writes its partial (m, l, acc) per
// row. The combine kernel: one thread per (row, float4 of D), over the
// chunks: M = max m_c, L = Σ l_c e^(m_c − M), out = Σ acc_c e^(m_c − M) / L.
//
// kPrefetch: the next step's K and V float4s are loaded into registers
// before the current step is computed (two steps' loads in flight per
// warp); kStream: K and V are read with __ldcs (evict-first: each byte is
// read once, L2 keeps q, the partials and the other tiles' chunks).
// kByWarp (groups of 16 query rows or more): the block's 4 warps take 4
// rows each of a 16-row tile instead of a quarter of the keys each; every
// warp reads every key of the chunk (the 4 warps' reads of one key meet in
// L1: read with __ldg, never evict-first), a quarter as many tiles read the
// chunk from L2, and the warps need no merge.
// kMathOnly (harness/probes/decode_bounds.cu alone, never a version): every
// block loads keys j mod 64 of kv head 0 instead of its own, so K and V stay
// in L1/L2 and the launch times the math, the softmax and the partials with
// no DRAM stream (the output is wrong).
// D = 32 · kVec (8 lanes × kVec float4s).
// First built by v001_split_kv; kByWarp by v003_rows_by_warp.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/check.cuh"
#include "kernels/decode/parts/rotated_query.cuh"
#include "kernels/decode/problem.h"

namespace fuselab::kernels::decode::split_kv {

constexpr int kRows = 4;                  // query rows per block
constexpr int kWarps = 4;                 // 4 keys per warp per step, 16 per block
constexpr int kKeysPerStep = kWarps * 4;
constexpr long kTargetBlocks = 132 * 8;   // H100 SMs x 8: the chunk length aims at this many blocks

// Query rows per block: kRows, or kWarps · kRows where the warps split the rows.
constexpr int tile_rows(bool by_warp) { return by_warp ? kWarps * kRows : kRows; }
// Where a version may split rows over warps, it does for groups of a whole tile or more.
inline bool rows_by_warp(const DecodeProblem& p) { return p.group() * p.Sq >= tile_rows(true); }

inline int row_tiles(const DecodeProblem& p, int tile) { return ceil_div(p.group() * p.Sq, tile); }

// The chunk length: from 1024 keys down (by halves, to 64) until the grid
// has kTargetBlocks blocks or more.
inline int chunk_length(const DecodeProblem& p, int tile) {
  const long heads = long(p.B) * p.Hkv * row_tiles(p, tile);
  int length = 1024;
  while (length > 64 && heads * ceil_div(p.Skv, length) < kTargetBlocks) length /= 2;
  return length;
}
inline int chunk_count(const DecodeProblem& p, int tile) { return ceil_div(p.Skv, chunk_length(p, tile)); }

inline long query_rows(const DecodeProblem& p) { return long(p.B) * p.Hq * p.Sq; }
inline std::size_t partial_acc_bytes(const DecodeProblem& p, int tile) {
  return align_up(std::size_t(query_rows(p)) * chunk_count(p, tile) * p.D * sizeof(float), 256);
}
// Per (row, chunk): acc [D] floats, then (m, l) float2s after all of them.
inline std::size_t workspace_bytes_for(const DecodeProblem& p, int tile) {
  return partial_acc_bytes(p, tile) + std::size_t(query_rows(p)) * chunk_count(p, tile) * sizeof(float2);
}
// Warps split the keys (v001, v002).
inline std::size_t workspace_bytes(const DecodeProblem& p) { return workspace_bytes_for(p, tile_rows(false)); }
// Warps split the rows where the group fills a tile (v003).
inline std::size_t workspace_bytes_rows_by_warp(const DecodeProblem& p) {
  return workspace_bytes_for(p, tile_rows(rows_by_warp(p)));
}

// e^(m − M), 0 where m is −inf (a state that saw no key).
__device__ __forceinline__ float weight(float m, float M) { return m == -INFINITY ? 0.f : expf(m - M); }

template <bool kStream>
__device__ __forceinline__ float4 load4(const float4* p) {
  if constexpr (kStream) return __ldcs(p);
  else return __ldg(p);
}

__device__ __forceinline__ float dot4(float4 a, float4 b, float acc) {
  return fmaf(a.w, b.w, fmaf(a.z, b.z, fmaf(a.y, b.y, fmaf(a.x, b.x, acc))));
}
__device__ __forceinline__ float4 scale_add4(float4 acc, float a, float4 x, float b) {
  return make_float4(acc.x * a + x.x * b, acc.y * a + x.y * b, acc.z * a + x.z * b, acc.w * a + x.w * b);
}
__device__ __forceinline__ float4 shfl_xor4(float4 v, int mask) {
  return make_float4(__shfl_xor_sync(~0u, v.x, mask), __shfl_xor_sync(~0u, v.y, mask),
                     __shfl_xor_sync(~0u, v.z, mask), __shfl_xor_sync(~0u, v.w, mask));
}

// One online-softmax state: a group's, for one row.
template <int kVec>
struct RowState {
  float m = -INFINITY, l = 0.f;
  float4 acc[kVec];
  __device__ RowState() {
    for (int t = 0; t < kVec; ++t) acc[t] = make_float4(0.f, 0.f, 0.f, 0.f);
  }
  // Takes in one key of score s and value row v (this lane's float4s).
  __device__ __forceinline__ void take(float s, const float4 (&v)[kVec]) {
    float p = 1.f;
    if (s > m) {
      const float c = weight(m, s);
      l *= c;
      for (int t = 0; t < kVec; ++t) acc[t] = scale_add4(acc[t], c, v[t], 1.f);
      m = s;
    } else {
      p = expf(s - m);
      for (int t = 0; t < kVec; ++t) acc[t] = scale_add4(acc[t], 1.f, v[t], p);
    }
    l += p;
  }
  // Merges the state of the lane `mask` away (xor).
  __device__ __forceinline__ void merge_lane(int mask) {
    const float m_o = __shfl_xor_sync(~0u, m, mask), l_o = __shfl_xor_sync(~0u, l, mask);
    const float M = fmaxf(m, m_o);
    const float a = weight(m, M), b = weight(m_o, M);
    for (int t = 0; t < kVec; ++t) acc[t] = scale_add4(acc[t], a, shfl_xor4(acc[t], mask), b);
    l = l * a + l_o * b;
    m = M;
  }
};

template <int kVec, bool kPrefetch, bool kStream, bool kByWarp, bool kMathOnly = false>
__global__ void __launch_bounds__(kWarps * 32) split_kv_kernel(const DecodeProblem p, int tiles, int chunk_len,
                                                               int chunks, float* part_acc, float2* part_ml) {
  constexpr int kD4 = 8 * kVec;  // float4s per row
  constexpr int kTile = tile_rows(kByWarp);
  constexpr int kMerged = kByWarp ? 1 : kWarps;  // warps whose states merge in shared memory
  __shared__ float4 q_s[kTile][kD4];
  __shared__ float4 acc_s[kMerged][kRows][kD4];
  __shared__ float m_s[kMerged][kRows], l_s[kMerged][kRows];

  const int tile = int(blockIdx.x % tiles);
  const long rest = blockIdx.x / tiles;
  const int chunk = int(rest % chunks);
  const long bk = rest / chunks;  // b · Hkv + kv head
  const int R = p.group() * p.Sq, r0 = tile * kTile;
  const long first_row = ((bk / p.Hkv) * p.Hq + (bk % p.Hkv) * p.group()) * long(p.Sq) + r0;

  // The tile's rows, rotated and scaled; rows past R are zero.
  for (int rr = 0; rr < kTile; ++rr) {
    const long row = first_row + rr;
    float* q_row = reinterpret_cast<float*>(q_s[rr]);
    if (r0 + rr < R) {
      rotated_query(p, p.q + row * p.D, visible_end(p, row) - 1, q_row, threadIdx.x, kWarps * 32);
    } else {
      for (int d = threadIdx.x; d < p.D; d += kWarps * 32) q_row[d] = 0.f;
    }
  }
  __syncthreads();

  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, sub = lane & 7;
  // This warp's rows: the tile's (kByWarp: its quarter of them); past R they see no key.
  const int w0 = kByWarp ? warp * kRows : 0;
  int end[kRows];
#pragma unroll
  for (int rr = 0; rr < kRows; ++rr) end[rr] = r0 + w0 + rr < R ? visible_end(p, first_row + w0 + rr) : 0;
  // Keys per step: the warp's 4 (kByWarp), or the block's 16 with warp w on keys 4w .. 4w + 3.
  constexpr int kStep = kByWarp ? 4 : kKeysPerStep;
  const int first_key = kByWarp ? 0 : warp * 4;
  const int j0 = chunk * chunk_len, j1 = min(p.Skv, j0 + chunk_len);
  const long head = kMathOnly ? 0 : bk * long(p.Skv) * p.D;
  const float4* k = reinterpret_cast<const float4*>(p.k + head);
  const float4* v = reinterpret_cast<const float4*>(p.v + head);
  RowState<kVec> state[kRows];

  float4 kr[kVec], vr[kVec];
  const auto load = [&](int j, float4 (&kx)[kVec], float4 (&vx)[kVec]) {
    for (int t = 0; t < kVec; ++t) {
      const long at = long(kMathOnly ? j % 64 : j) * kD4 + sub + 8 * t;
      kx[t] = j < j1 ? load4<kStream>(k + at) : make_float4(0.f, 0.f, 0.f, 0.f);
      vx[t] = j < j1 ? load4<kStream>(v + at) : make_float4(0.f, 0.f, 0.f, 0.f);
    }
  };
  int j = j0 + first_key + (lane >> 3);
  if constexpr (kPrefetch) load(j, kr, vr);
  for (int base = j0 + first_key; base < j1; base += kStep, j += kStep) {
    float4 kn[kVec], vn[kVec];
    if constexpr (kPrefetch) {
      load(j + kStep, kn, vn);
    } else {
      load(j, kr, vr);
    }
    #pragma unroll
    for (int rr = 0; rr < kRows; ++rr) {
      float s = 0.f;
#pragma unroll
      for (int t = 0; t < kVec; ++t) s = dot4(q_s[w0 + rr][sub + 8 * t], kr[t], s);
      s += __shfl_xor_sync(~0u, s, 1);
      s += __shfl_xor_sync(~0u, s, 2);
      s += __shfl_xor_sync(~0u, s, 4);
      if (j < end[rr]) state[rr].take(s, vr);  // j < end <= Skv: also j < j1
    }
    if constexpr (kPrefetch) {
      for (int t = 0; t < kVec; ++t) kr[t] = kn[t], vr[t] = vn[t];
    }
  }

  // The warp's 4 groups; kByWarp: the warp's rows are done.
  #pragma unroll
  for (int rr = 0; rr < kRows; ++rr) {
    state[rr].merge_lane(8);
    state[rr].merge_lane(16);
    if constexpr (kByWarp) {
      if (lane < 8 && r0 + w0 + rr < R) {
        const long slot = (first_row + w0 + rr) * chunks + chunk;
        for (int t = 0; t < kVec; ++t) reinterpret_cast<float4*>(part_acc)[slot * kD4 + sub + 8 * t] = state[rr].acc[t];
        if (lane == 0) part_ml[slot] = make_float2(state[rr].m, state[rr].l);
      }
    } else if (lane < 8) {
      for (int t = 0; t < kVec; ++t) acc_s[warp][rr][sub + 8 * t] = state[rr].acc[t];
      if (lane == 0) m_s[warp][rr] = state[rr].m, l_s[warp][rr] = state[rr].l;
    }
  }
  if constexpr (kByWarp) return;
  // The block's 4 warps.
  __syncthreads();
  for (int e = threadIdx.x; e < kRows * kD4; e += kWarps * 32) {
    const int rr = e / kD4, c = e % kD4;
    if (r0 + rr >= R) continue;
    float M = -INFINITY;
    for (int w = 0; w < kMerged; ++w) M = fmaxf(M, m_s[w][rr]);
    float L = 0.f;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int w = 0; w < kMerged; ++w) {
      const float a = weight(m_s[w][rr], M);
      L += l_s[w][rr] * a;
      acc = scale_add4(acc, 1.f, acc_s[w][rr][c], a);
    }
    const long slot = (first_row + rr) * chunks + chunk;
    reinterpret_cast<float4*>(part_acc)[slot * kD4 + c] = acc;
    if (c == 0) part_ml[slot] = make_float2(M, L);
  }
}

// One thread per (row, float4 of D): the chunks' partials combined.
static __global__ void __launch_bounds__(256)
    combine_kernel(const DecodeProblem p, int chunks, const float* part_acc, const float2* part_ml, long elements) {
  const long e = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= elements) return;
  const int d4 = p.D / 4;
  const long row = e / d4;
  const int c = int(e % d4);
  const float2* ml = part_ml + row * chunks;
  float M = -INFINITY;
  for (int i = 0; i < chunks; ++i) M = fmaxf(M, ml[i].x);
  float L = 0.f;
  float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
  const float4* a = reinterpret_cast<const float4*>(part_acc) + row * chunks * d4 + c;
  for (int i = 0; i < chunks; ++i) {
    const float w = weight(ml[i].x, M);
    L += ml[i].y * w;
    acc = scale_add4(acc, 1.f, a[long(i) * d4], w);
  }
  const float inv = 1.f / L;
  reinterpret_cast<float4*>(p.out)[e] = make_float4(acc.x * inv, acc.y * inv, acc.z * inv, acc.w * inv);
}

template <int kVec, bool kPrefetch, bool kStream, bool kByWarp, bool kMathOnly = false>
void launch_with(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  constexpr int kTile = tile_rows(kByWarp);
  const int tiles = row_tiles(p, kTile), chunk_len = chunk_length(p, kTile), chunks = chunk_count(p, kTile);
  float* part_acc = static_cast<float*>(workspace);
  float2* part_ml = reinterpret_cast<float2*>(static_cast<char*>(workspace) + partial_acc_bytes(p, kTile));
  const long grid = long(p.B) * p.Hkv * chunks * tiles;
  split_kv_kernel<kVec, kPrefetch, kStream, kByWarp, kMathOnly>
      <<<unsigned(grid), kWarps * 32, 0, stream>>>(p, tiles, chunk_len, chunks, part_acc, part_ml);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const long elements = query_rows(p) * (p.D / 4);
  combine_kernel<<<unsigned((elements + 255) / 256), 256, 0, stream>>>(p, chunks, part_acc, part_ml, elements);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

template <int kVec, bool kPrefetch, bool kStream, bool kAllowByWarp>
void launch_by_rows(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  // By warp, K and V go through L1 (__ldg, never evict-first): the 4 warps read each line.
  if (kAllowByWarp && rows_by_warp(p)) return launch_with<kVec, kPrefetch, false, kAllowByWarp>(p, workspace, stream);
  launch_with<kVec, kPrefetch, kStream, false>(p, workspace, stream);
}

// D = 64, 128, 192 or 256 (the versions' limits: a multiple of 64, at most 256).
// kAllowByWarp: groups of a whole tile or more split their rows over the warps.
template <bool kPrefetch, bool kStream, bool kAllowByWarp = false>
void launch(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  if (query_rows(p) == 0) return;
  switch (p.D / 32) {
    case 2: return launch_by_rows<2, kPrefetch, kStream, kAllowByWarp>(p, workspace, stream);
    case 4: return launch_by_rows<4, kPrefetch, kStream, kAllowByWarp>(p, workspace, stream);
    case 6: return launch_by_rows<6, kPrefetch, kStream, kAllowByWarp>(p, workspace, stream);
    case 8: return launch_by_rows<8, kPrefetch, kStream, kAllowByWarp>(p, workspace, stream);
    default: FUSELAB_CUDA_CHECK(cudaErrorInvalidValue);  // outside the limits
  }
}

}  // namespace fuselab::kernels::decode::split_kv
