// attention v003 — v002's split-head_dim design in ONE launch: the blocks that
// share a head (and a 32-row slice of its queries) form a thread-block cluster
// and reduce the small score matrix through distributed shared memory instead
// of three kernels and a global workspace.
//
// Grid (CL * QS, B*Hq), cluster (CL, 1, 1), 256 threads. Block rank r of a
// cluster owns a contiguous slice of head_dim; the cluster index along x picks
// 32 query rows (QS = ceil(Sq / 32) slices).
//   1. Partial scores: raw Q[32 x 32 dims] and K[64 x 32 dims] tiles stream
//      through a 4-stage cp.async ring (three tiles in flight while one is
//      computed). Each landed tile is transposed into T[dim][row] (Q rows in
//      columns 0..31, keys in 32..95) with the PE hook applied on the way
//      (every Q and K element once per block), and S_r += Q_r K_r^T runs as
//      an outer product from T: a thread owns 2 rows x 4 keys (one LDS.64
//      broadcast + one LDS.128 per 8 FMA; a row-major kk-vectorised scheme
//      measured shared-memory bound at 17 % of the FMA rate). fp32 sums are
//      folded into double every 128 dims.
//   2. The first V tiles are put in flight, then cluster barrier; rank r sums
//      the CL partials of rows r, r+CL, ... in double in rank order (fixed
//      order: deterministic), scales, masks, softmaxes, and writes each P row
//      transposed (P^T[key][row]) into every rank's shared memory (DSMEM);
//      cluster barrier.
//   3. O[32 rows, slice] = P V[64 keys, slice], V in 64-dim tiles through the
//      same ring, read in place; a thread owns 2 rows x 4 dims.
// Paired hooks (rope neox): a phase-1 sub-tile is 16 dims of the low half plus
// the same 16 of the high half, so a block rotates the pairs it owns.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 paired); causal, GQA, cross.
// No workspace. Clusters of 16 need the non-portable size (H100: yes); the
// launch falls back to 8 where the device cannot co-schedule 16.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "kernels/attention/v002_split_d.cuh"  // NoPe, the PE hook interface
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::v003 {

namespace cg = cooperative_groups;

inline constexpr int kKeys = 64;      // max Sk
inline constexpr int kRows = 32;      // query rows per cluster
inline constexpr int kThreads = 256;  // 8 warps x 4 rows
inline constexpr int kSub = 32;       // dims per phase-1 tile
inline constexpr int kLdA = kSub + 4;  // padded row: conflict-free float4 reads
inline constexpr int kSubV = 64;      // dims per phase-3 tile
inline constexpr int kStages = 4;
inline constexpr int kFoldEvery = 4;  // phase-1 tiles per fp32 -> double fold
inline constexpr int kMaxCluster = 16;

inline constexpr int kLdT = kRows + kKeys + 4;  // transposed tile row: [Q rows | keys | pad]
inline constexpr int kLdPT = kRows + 4;         // P^T row

inline constexpr int kStage1Floats = (kRows + kKeys) * kLdA;
inline constexpr int kStage3Floats = kKeys * kSubV;
inline constexpr int kRingFloats =
    kStages * (kStage1Floats > kStage3Floats ? kStage1Floats : kStage3Floats);
inline constexpr std::size_t kSmemBytes = std::size_t(kRingFloats) * sizeof(float) +
                                          std::size_t(kSub) * kLdT * sizeof(float) +
                                          std::size_t(kRows) * kKeys * sizeof(double) +
                                          std::size_t(kKeys) * kLdPT * sizeof(float) +
                                          4 * 2 * sizeof(float);

struct Plan {
  int cl, qs;           // cluster size (head_dim slices), query slices
  int nsub1, spb1;      // phase-1 tiles per head and per rank
  int nsub3, spb3;      // phase-3 tiles per head and per rank
};

template <class Pe>
__global__ void __launch_bounds__(kThreads)
    cluster_kernel(const AttentionProblem p, const Pe pe, const Plan pl) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  float* ring = reinterpret_cast<float*>(smem_raw);
  float* tT = ring + kRingFloats;                                 // [kSub][kLdT]
  double* part = reinterpret_cast<double*>(tT + kSub * kLdT);     // [kRows][kKeys]
  float* pT = reinterpret_cast<float*>(part + kRows * kKeys);     // [kKeys][kLdPT]
  float* red = pT + kKeys * kLdPT;                                // [4][2]

  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int cl = pl.cl;
  const int row0 = (blockIdx.x / cl) * kRows;  // first query row of this slice
  const int bh = blockIdx.y;
  const int h = bh % p.Hq, b = bh / p.Hq;
  const int kvh = h / (p.Hq / p.Hkv);
  const int D = p.D, half = D >> 1;
  const float* qbase = p.q + std::size_t(bh) * p.Sq * D;
  const float* kbase = p.k + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  const float* vbase = p.v + std::size_t(b * p.Hkv + kvh) * p.Sk * D;
  float* obase = p.out + std::size_t(bh) * p.Sq * D;
  constexpr bool kHasPe = !std::is_same_v<Pe, v002::NoPe>;

  const int tid = threadIdx.x;
  const int ty = tid >> 4, tx = tid & 15;  // rows 2ty, 2ty+1; keys (dims) 4tx..4tx+3

  // ------------------------------------------------------------ phase 1
  const int t1_begin = rank * pl.spb1;
  const int t1_end = min(pl.nsub1, t1_begin + pl.spb1);
  const int n1 = max(0, t1_end - t1_begin);

  // Tile t: rows 0..31 = Q rows row0.., rows 32..95 = K rows; column 4f of a
  // row holds dims dim_of(t, f)..+3.
  auto dim_of = [&](int t, int f) {
    if constexpr (Pe::kPaired) {
      const int i = t * (kSub / 2) + 4 * (f & 3);
      return i < half ? (f < 4 ? i : half + i) : -1;
    } else {
      const int d = t * kSub + 4 * f;
      return d < D ? d : -1;
    }
  };
  auto issue1 = [&](int t, int stage) {
    float* dst = ring + stage * kStage1Floats;
    for (int idx = tid; idx < (kRows + kKeys) * 8; idx += kThreads) {
      const int row = idx >> 3, f = idx & 7;
      const int d = dim_of(t, f);
      const bool is_q = row < kRows;
      const int src_row = is_q ? row0 + row : row - kRows;
      const bool valid = d >= 0 && src_row < (is_q ? p.Sq : p.Sk);
      const float* base = is_q ? qbase : kbase;
      cp_async16(dst + row * kLdA + 4 * f, valid ? base + std::size_t(src_row) * D + d : base, valid);
    }
  };
  // Landed tile -> T[dim][row], the PE applied on the way. Lanes take
  // consecutive rows of one column group: conflict-free reads and writes.
  auto transpose1 = [&](int t, int stage) {
    const float* tile = ring + stage * kStage1Floats;
    auto put = [&](int col, int row, float4 x) {
      tT[(col + 0) * kLdT + row] = x.x;
      tT[(col + 1) * kLdT + row] = x.y;
      tT[(col + 2) * kLdT + row] = x.z;
      tT[(col + 3) * kLdT + row] = x.w;
    };
    if constexpr (Pe::kPaired) {
      for (int idx = tid; idx < (kRows + kKeys) * 4; idx += kThreads) {
        const int row = idx % (kRows + kKeys), f = idx / (kRows + kKeys);
        const int i = t * (kSub / 2) + 4 * f;
        const bool is_q = row < kRows;
        const int src_row = is_q ? row0 + row : row - kRows;
        float4 lo = ld4(tile + row * kLdA + 4 * f), hi = ld4(tile + row * kLdA + 16 + 4 * f);
        if (kHasPe && i < half && src_row < (is_q ? p.Sq : p.Sk)) {
          if (is_q) pe.q2(lo, hi, p.q_offset + src_row, i);
          else pe.k2(lo, hi, p.k_offset + src_row, i);
        }
        put(4 * f, row, lo);
        put(16 + 4 * f, row, hi);
      }
    } else {
      for (int idx = tid; idx < (kRows + kKeys) * 8; idx += kThreads) {
        const int row = idx % (kRows + kKeys), f = idx / (kRows + kKeys);
        const int d = t * kSub + 4 * f;
        const bool is_q = row < kRows;
        const int src_row = is_q ? row0 + row : row - kRows;
        float4 x = ld4(tile + row * kLdA + 4 * f);
        if (kHasPe && d < D && src_row < (is_q ? p.Sq : p.Sk)) {
          if (is_q) pe.q(x, p.q_offset + src_row, d);
          else pe.k(x, p.k_offset + src_row, d);
        }
        put(4 * f, row, x);
      }
    }
  };
  float acc[2][4];
  double accd[2][4];
#pragma unroll
  for (int a = 0; a < 2; ++a)
#pragma unroll
    for (int c = 0; c < 4; ++c) acc[a][c] = 0.f, accd[a][c] = 0.0;

#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < n1) issue1(t1_begin + s, s);
    cp_async_commit();
  }
  for (int it = 0; it < n1; ++it) {
    cp_async_wait<kStages - 2>();
    __syncthreads();  // tile `it` landed everywhere; tile it-1's T readers are done
    if (it + kStages - 1 < n1) issue1(t1_begin + it + kStages - 1, (it + kStages - 1) % kStages);
    cp_async_commit();
    transpose1(t1_begin + it, it % kStages);
    __syncthreads();
#pragma unroll 8
    for (int kk = 0; kk < kSub; ++kk) {
      const float2 a = *reinterpret_cast<const float2*>(tT + kk * kLdT + 2 * ty);
      const float4 b = ld4(tT + kk * kLdT + kRows + 4 * tx);
      const float av[2] = {a.x, a.y};
      const float bv[4] = {b.x, b.y, b.z, b.w};
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int c = 0; c < 4; ++c) acc[i][c] = fmaf(av[i], bv[c], acc[i][c]);
    }
    if ((it + 1) % kFoldEvery == 0) {
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int c = 0; c < 4; ++c) accd[i][c] += double(acc[i][c]), acc[i][c] = 0.f;
    }
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int c = 0; c < 4; ++c) part[(2 * ty + i) * kKeys + 4 * tx + c] = accd[i][c] + double(acc[i][c]);

  // ------------------------------------------------------------ phase 3 prefetch
  const int t3_begin = rank * pl.spb3;
  const int t3_end = min(pl.nsub3, t3_begin + pl.spb3);
  const int n3 = max(0, t3_end - t3_begin);
  auto issue3 = [&](int t, int stage) {
    float* dst = ring + stage * kStage3Floats;
#pragma unroll
    for (int rep = 0; rep < kKeys * kSubV / 4 / kThreads; ++rep) {
      const int idx = tid + rep * kThreads;
      const int key = idx >> 4, f = idx & 15;
      const int d = t * kSubV + 4 * f;
      const bool valid = key < p.Sk && d < D;
      cp_async16(dst + key * kSubV + 4 * f, valid ? vbase + std::size_t(key) * D + d : vbase, valid);
    }
  };
  __syncthreads();  // everyone is done reading the phase-1 ring
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < n3) issue3(t3_begin + s, s);
    cp_async_commit();
  }

  // ------------------------------------------------------------ phase 2
  cluster.sync();  // every rank's partial is written
  {
    const int j = tid & 63, y = tid >> 6;  // 4 rows at a time, 64 keys each
    const int w = j >> 5;
    for (int pass = 0; pass * 4 * cl < kRows; ++pass) {
      const int i = rank + cl * (pass * 4 + y);
      const int qi = row0 + i;
      const bool visible = i < kRows && qi < p.Sq && j < p.Sk &&
                           (!p.causal || p.k_offset + j <= p.q_offset + qi);
      float s = MaxOp::identity();
      if (visible) {
        double sum = 0.0;
        for (int rr = 0; rr < cl; ++rr) sum += cluster.map_shared_rank(part, rr)[i * kKeys + j];
        s = float(sum * double(p.scale));
      }
      float m = warp_max(s);
      if ((j & 31) == 0) red[y * 2 + w] = m;
      __syncthreads();
      m = fmaxf(red[y * 2], red[y * 2 + 1]);
      __syncthreads();
      const float e = visible ? expf(s - m) : 0.f;
      float l = warp_sum(e);
      if ((j & 31) == 0) red[y * 2 + w] = l;
      __syncthreads();
      l = red[y * 2] + red[y * 2 + 1];
      __syncthreads();
      if (i < kRows) {
        const float pv = l > 0.f ? e / l : 0.f;
        for (int rr = 0; rr < cl; ++rr) cluster.map_shared_rank(pT, rr)[j * kLdPT + i] = pv;
      }
    }
  }
  cluster.sync();  // every P row is in every rank; no DSMEM access after this

  // ------------------------------------------------------------ phase 3
  for (int it = 0; it < n3; ++it) {
    cp_async_wait<kStages - 2>();
    __syncthreads();
    if (it + kStages - 1 < n3) issue3(t3_begin + it + kStages - 1, (it + kStages - 1) % kStages);
    cp_async_commit();
    const float* vt = ring + (it % kStages) * kStage3Floats;
    float4 o0 = zero4(), o1 = zero4();
#pragma unroll 8
    for (int k = 0; k < kKeys; ++k) {
      const float2 pk = *reinterpret_cast<const float2*>(pT + k * kLdPT + 2 * ty);
      const float4 v = ld4(vt + k * kSubV + 4 * tx);
      o0 = axpy4(pk.x, v, o0);
      o1 = axpy4(pk.y, v, o1);
    }
    const int d0 = (t3_begin + it) * kSubV + 4 * tx;
    if (d0 < D) {
      if (row0 + 2 * ty < p.Sq) st4(obase + std::size_t(row0 + 2 * ty) * D + d0, o0);
      if (row0 + 2 * ty + 1 < p.Sq) st4(obase + std::size_t(row0 + 2 * ty + 1) * D + d0, o1);
    }
  }
  cp_async_wait<0>();  // no copy may outlive the block
}

// The largest cluster size (16 or 8) the device can co-schedule for this
// kernel; asked once per kernel instantiation (host call, legal in capture).
template <class Pe>
inline int max_cluster_size() {
  static const int size = [] {
    const void* fn = reinterpret_cast<const void*>(&cluster_kernel<Pe>);
    set_max_dynamic_smem(&cluster_kernel<Pe>, int(kSmemBytes));
    if (cudaFuncSetAttribute(fn, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) != cudaSuccess) {
      cudaGetLastError();
      return 8;
    }
    if (max_active_clusters(fn, kMaxCluster, kThreads, kSmemBytes) < 1) return 8;
    return kMaxCluster;
  }();
  return size;
}

template <bool kPaired>
inline Plan make_plan(const AttentionProblem& p, int max_cluster) {
  Plan pl{};
  pl.nsub1 = kPaired ? ceil_div(p.D / 2, kSub / 2) : ceil_div(p.D, kSub);
  pl.cl = 1;
  while (pl.cl * 2 <= std::min(max_cluster, pl.nsub1)) pl.cl *= 2;
  pl.qs = ceil_div(p.Sq, kRows);
  pl.spb1 = ceil_div(pl.nsub1, pl.cl);
  pl.nsub3 = ceil_div(p.D, kSubV);
  pl.spb3 = ceil_div(pl.nsub3, pl.cl);
  return pl;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  const Plan pl = make_plan<Pe::kPaired>(p, max_cluster_size<Pe>());
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(unsigned(pl.cl * pl.qs), unsigned(p.B) * p.Hq);
  cfg.blockDim = dim3(kThreads);
  cfg.dynamicSmemBytes = kSmemBytes;
  cfg.stream = stream;
  cudaLaunchAttribute attr{};
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = unsigned(pl.cl);
  attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  FUSELAB_CUDA_CHECK(cudaLaunchKernelEx(&cfg, cluster_kernel<Pe>, p, pe, pl));
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v003
