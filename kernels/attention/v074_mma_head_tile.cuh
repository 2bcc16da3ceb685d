// attention v074 — the D = 128 head tile on the tensor cores, eight query
// rows a block. The FFMA head tiles (v041-v073) are caught between L2's
// output (each of a head's 32 two-row blocks copies its whole K and V: 8 MB
// at 1x4x64x128) and issue (four-row blocks doubled the instructions per SM:
// v070). mma.sync with the rows as the product's n = 8 takes 8 rows a block
// (8 blocks a head: 2 MB out of L2) for a few hundred instructions a warp:
//   1. Q's 8 rows and K (commit group 0) and V (group 1) land by cp.async,
//      a warp per row, into padded shared rows;
//   2. under a PE hook, a warp per row of Q and K gives it its PE in place
//      (the hook's lane layout, as v045 reads it);
//   3. S^T = K Q^T (3xTF32, masked split): warp w takes keys 16 (w % 4)..
//      over dims 64 (w / 4)..; two partial tiles in shared memory;
//   4. the softmax, a warp per row (their sum, scale and mask), P in place;
//   5. O^T = V^T P^T (3xTF32): warp w takes dims 16 w.., all 64 keys, and
//      stores its 16 x 8 tile of O (32-byte runs a row).
// Steps 2-4 run while V is in flight. D = 128 only is compiled; any other D
// runs v012. Limits: v012's (Sk <= 64, D <= 256; any Sq; causal, GQA,
// cross).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <type_traits>

#include "kernels/attention/v045_keys_in_shared.cuh"
#include "kernels/common/mma_tf32.cuh"

namespace fuselab::kernels::attention::v074 {

inline constexpr int kD = v045::kD;
inline constexpr int kKeys = v004::kKeys;  // 64
inline constexpr int kRows = 8;            // query rows a block: the mma's n
inline constexpr int kWarps = 8;
inline constexpr int kThreads = 32 * kWarps;
inline constexpr auto kSplit = Tf32Split::kMask;
// Row strides (floats). Q and K fragments read 8 rows x 4 dims: a stride of
// 4 banks keeps them apart. V's are read down its columns (4 keys x 8
// dims): a stride of 8 banks. The score tiles are read as K is (rows x keys).
inline constexpr int kLdK = kD + 4;
inline constexpr int kLdV = kD + 8;
inline constexpr int kLdS = kKeys + 4;
inline constexpr int kKSteps = kD / 2 / 8;  // a warp's 8-dim steps of S^T (half of D)
inline constexpr int kPvSteps = kKeys / 8;  // 8-key steps of O^T

struct Smem {
  float k[kKeys][kLdK];
  float q[kRows][kLdK];
  float v[kKeys][kLdV];
  float s[2][kRows][kLdS];  // S's two dim halves; then P in s[0]
};
inline constexpr std::size_t kSmemBytes = sizeof(Smem);
static_assert(kWarps == 2 * (kKeys / 16) && kWarps == kD / 16 && kWarps == kRows, "one warp per tile and per row");

// Row x (kD floats) given its PE in place: each lane its float4 in the hook's
// layout (neox: dims 2l, 2l + 1 and 64 + 2l, 65 + 2l), f its frequencies.
template <class Pe>
__device__ __forceinline__ void pe_row(const Pe& pe, float* x, int pos, float2 f, int lane) {
  if constexpr (Pe::kPaired) {
    float2* lo = reinterpret_cast<float2*>(x + 2 * lane);
    float2* hi = reinterpret_cast<float2*>(x + kD / 2 + 2 * lane);
    float4 e = make_float4(lo->x, lo->y, hi->x, hi->y);
    v045::pe_lane(pe, e, pos, f);
    *lo = make_float2(e.x, e.y);
    *hi = make_float2(e.z, e.w);
  } else {
    float4* at = reinterpret_cast<float4*>(x + 4 * lane);
    float4 e = *at;
    v045::pe_lane(pe, e, pos, f);
    *at = e;
  }
}

// d += a b over 3xTF32 from fp32 operands, split here.
__device__ __forceinline__ void mma_fp32(float (&d)[4], const float (&a)[4], const float (&b)[2]) {
  mma_3xtf32(d, split_all<kSplit>(a), split_all<kSplit>(b));
}

// Q's kRows rows from row0 and K's rows (commit group 0), then V's (group
// 1), by cp.async into padded shared rows: a warp per row, 16 bytes a lane
// (qbase, kbase, vbase: the heads' rows at the lane's dims); rows past Sq or
// Sk land as zeros.
template <int kBlockWarps, int kLdQK, int kLdVRows>
__device__ __forceinline__ void land_qkv(float (*q)[kLdQK], float (*k)[kLdQK], float (*v)[kLdVRows],
                                         const AttentionProblem& p, const float* qbase, const float* kbase,
                                         const float* vbase, int row0, int warp, int lane) {
  static_assert(kBlockWarps >= kRows, "a warp per Q row");
  if (kBlockWarps == kRows || warp < kRows) {
    const int qi = row0 + warp;
    cp_async16(&q[warp][4 * lane], qi < p.Sq ? qbase + std::size_t(qi) * kD : p.q, qi < p.Sq);
  }
#pragma unroll
  for (int j = warp; j < kKeys; j += kBlockWarps)
    cp_async16(&k[j][4 * lane], j < p.Sk ? kbase + std::size_t(j) * kD : p.k, j < p.Sk);
  cp_async_commit();
#pragma unroll
  for (int j = warp; j < kKeys; j += kBlockWarps)
    cp_async16(&v[j][4 * lane], j < p.Sk ? vbase + std::size_t(j) * kD : p.v, j < p.Sk);
  cp_async_commit();
}

// The softmax of score row r, the sum of kParts partial rows (lanes hold
// keys lane and lane + 32), scaled and masked, into prow (which may alias
// parts[0][r]: every read comes first).
template <int kParts, int kLd>
__device__ __forceinline__ void softmax_row(const float (*parts)[kRows][kLd], float* prow, int r, int lane,
                                            int row0, const AttentionProblem& p) {
  const int qi = row0 + r;
  float x[2];
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int key = lane + 32 * i;
    const bool visible = qi < p.Sq && key < p.Sk && (!p.causal || p.k_offset + key <= p.q_offset + qi);
    static_assert(kParts == 2 || kParts == 4, "parts summed in pairs");
    float sum = parts[0][r][key] + parts[1][r][key];
    if constexpr (kParts == 4) sum = sum + (parts[2][r][key] + parts[3][r][key]);
    x[i] = visible ? sum * p.scale : MaxOp::identity();
  }
  const float m = warp_max(fmaxf(x[0], x[1]));
  const float base = m == MaxOp::identity() ? 0.f : m;  // a fully masked row stays 0
  const float e0 = expf(x[0] - base), e1 = expf(x[1] - base);
  const float l = warp_sum(e0 + e1);
  const float inv = l > 0.f ? 1.f / l : 0.f;
  prow[lane] = e0 * inv;
  prow[lane + 32] = e1 * inv;
}

template <class Pe>
__global__ void __launch_bounds__(kThreads) mma_head_tile_kernel(const AttentionProblem p, const Pe pe) {
  extern __shared__ __align__(16) float smem_raw[];
  Smem& sm = *reinterpret_cast<Smem*>(smem_raw);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const int row0 = blockIdx.x * kRows;
  const auto [bh, kv_bh] = v041::block_heads<false>(p);
  const float* qbase = p.q + std::size_t(bh) * p.Sq * kD + 4 * lane;
  const float* kbase = p.k + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;
  const float* vbase = p.v + std::size_t(kv_bh) * p.Sk * kD + 4 * lane;

  // 1. Q and K (group 0), V (group 1).
  land_qkv<kWarps>(sm.q, sm.k, sm.v, p, qbase, kbase, vbase, row0, warp, lane);
  const float2 f = v045::lane_freq(pe, lane);
  cp_async_wait<1>();
  __syncthreads();

  // 2. The PE of Q's rows and K's, in place.
  if constexpr (!std::is_same_v<Pe, v002::NoPe>) {
    pe_row(pe, sm.q[warp], p.q_offset + row0 + warp, f, lane);
#pragma unroll
    for (int j = warp; j < kKeys; j += kWarps) pe_row(pe, sm.k[j], p.k_offset + j, f, lane);
    __syncthreads();
  }

  // 3. S^T = K Q^T: keys 16 mt + (g, g + 8) by rows (2t, 2t + 1), over this
  //    warp's dim half; two accumulators (even and odd steps).
  {
    const int mt = warp & 3, half = warp >> 2, key = 16 * mt + g;
    float acc[2][4] = {};
#pragma unroll
    for (int s = 0; s < kKSteps; ++s) {
      const int d = half * (kD / 2) + 8 * s + t;
      const float a[4] = {sm.k[key][d], sm.k[key + 8][d], sm.k[key][d + 4], sm.k[key + 8][d + 4]};
      const float bq[2] = {sm.q[g][d], sm.q[g][d + 4]};
      mma_fp32(acc[s & 1], a, bq);
    }
    float(*part)[kLdS] = sm.s[half];
    part[2 * t][key] = acc[0][0] + acc[1][0];
    part[2 * t + 1][key] = acc[0][1] + acc[1][1];
    part[2 * t][key + 8] = acc[0][2] + acc[1][2];
    part[2 * t + 1][key + 8] = acc[0][3] + acc[1][3];
  }
  __syncthreads();

  // 4. Softmax of row `warp`; P in s[0].
  softmax_row<2>(sm.s, sm.s[0][warp], warp, lane, row0, p);
  cp_async_wait<0>();
  __syncthreads();  // P, and every thread's V rows

  // 5. O^T = V^T P^T: dims 16 warp + (g, g + 8) by rows (2t, 2t + 1).
  {
    const int dim = 16 * warp + g;
    float acc[2][4] = {};
#pragma unroll
    for (int s = 0; s < kPvSteps; ++s) {
      const int key = 8 * s + t;
      const float a[4] = {sm.v[key][dim], sm.v[key][dim + 8], sm.v[key + 4][dim], sm.v[key + 4][dim + 8]};
      const float bp[2] = {sm.s[0][g][key], sm.s[0][g][key + 4]};
      mma_fp32(acc[s & 1], a, bp);
    }
    float* out = p.out + (std::size_t(bh) * p.Sq + row0) * kD + dim;
    const int r0 = 2 * t, r1 = 2 * t + 1;
    if (row0 + r0 < p.Sq) {
      out[r0 * kD] = acc[0][0] + acc[1][0];
      out[r0 * kD + 8] = acc[0][2] + acc[1][2];
    }
    if (row0 + r1 < p.Sq) {
      out[r1 * kD] = acc[0][1] + acc[1][1];
      out[r1 * kD + 8] = acc[0][3] + acc[1][3];
    }
  }
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  v045::launch_head_tile<Pe, &mma_head_tile_kernel<Pe>, kThreads, kSmemBytes, kRows>(p, pe, stream);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v074
