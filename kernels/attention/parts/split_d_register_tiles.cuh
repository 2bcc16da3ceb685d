// Part split_d_register_tiles, first built as attention v013:
// v006's three split-D phases with 8x8 register tiles in
// phases 1 and 3 instead of 4x4, from v006's ncu profile at 1x4x64x16384
// (phase 1: FMA pipe 31 % busy, of 7.6 cycles between a warp's instructions
// 2.2 are MIO-throttle and 2.6 short-scoreboard stalls, i.e. waiting on
// shared memory; phase 3: FMA pipe 48 %, short-scoreboard 2.9). A 4x4 tile
// issues two LDS.128 per 16 FMAs; an 8x8 tile four per 64, so each shared
// load feeds twice the FMAs and a warp has 64 independent FMAs per step.
//   phase 1: v006's loader (QkSubTiles: registers, PE hook, transposed
//            conflict-free stores, double-buffered tiles, one barrier per
//            sub-tile). 256 threads = four workers of 64; worker w computes
//            the full 64x64 partial over dims 8w..8w+7 of every sub-tile,
//            thread (ty, tx) of a worker rows {4ty.., 32+4ty..} x keys
//            {4tx.., 32+4tx..} (each quarter-warp reads 128 contiguous bytes:
//            conflict-free). The four partials are summed in shared memory
//            (two rounds, in the tile buffers) before the block's one store.
//   phase 2: v006's softmax after the programmatic dependency.
//   phase 3: 128-thread blocks, one 128-dim sub-tile of O per step: V
//            [64 keys x 128 dims] by cp.async (keys past Sk zero-filled),
//            issued before the wait for P; thread (ty, tx) rows {4ty..,
//            32+4ty..} x dims {4tx.., 64+4tx..}. 49 KB of shared memory: four
//            blocks (16 warps) per SM.
// Limits: as v006 (Sq, Sk <= 64, D % 4 == 0, D % 8 with a paired hook;
// causal, GQA, cross). Workspace: v006's.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"  // sm_count
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::split_d_register_tiles {

using split_d::kLd;
using split_d::kS;
using split_d::kSub1;
using split_d::kThreads;

inline constexpr int kWorkerDims = kSub1 / 4;  // phase 1: sub-tile dims per worker
inline constexpr int kThreads3 = 128;          // phase 3 block
inline constexpr int kSub3 = 128;              // phase 3: dims per sub-tile
inline constexpr int kBlocksPerSm3 = 4;

// acc[i][c] += a[i] * b[c] for rows (a0, a1) and columns (b0, b1).
__device__ __forceinline__ void outer8x8(float (&acc)[8][8], float4 a0, float4 a1, float4 b0, float4 b1) {
  const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
  const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int c = 0; c < 8; ++c) acc[i][c] = fmaf(av[i], bv[c], acc[i][c]);
}

// Row i of a thread's 8x8 tile, for row-group ty: 4ty..4ty+3, then 32+4ty...
__device__ __forceinline__ int tile_row(int ty, int i) { return 4 * ty + (i & 3) + (i >> 2) * 32; }

// ---------------------------------------------------------------- phase 1
// The blocks of a cluster (consecutive chunks of one head, cluster (cs, 1, 1))
// add their 64x64 partials held in shared memory at `mine`: rank r sums rows
// r * 64 / cs.. over the ranks in rank order, in double, and writes the sum
// as partial chunk / cs of the head (chunks / cs partials per head). 256 threads.
__device__ __forceinline__ void cluster_sum_rows(float* mine, float* __restrict__ part, int bh,
                                                 int chunks, int chunk) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  const int cs = static_cast<int>(cluster.num_blocks()), rank = static_cast<int>(cluster.block_rank());
  cluster.sync();  // every rank's partial is in its shared memory
  const int rows = kS / cs;
  float* out = part + (std::size_t(bh) * (chunks / cs) + chunk / cs) * kS * kS;
  for (int e = threadIdx.x; e < rows * (kS / 4); e += kThreads) {
    const int off = (rank * rows + e / (kS / 4)) * kS + 4 * (e % (kS / 4));
    double x = 0.0, y = 0.0, z = 0.0, w = 0.0;
    for (int r = 0; r < cs; ++r) {
      const float4 v = ld4(cluster.map_shared_rank(mine, r) + off);
      x += v.x, y += v.y, z += v.z, w += v.w;
    }
    st4(out + off, make_float4(float(x), float(y), float(z), float(w)));
  }
  cluster.sync();  // no block leaves while another still reads its shared memory
}

// kClusterSum (v015): launched in clusters along the chunks; the block's
// partial goes through cluster_sum_rows instead of straight to `part`.
template <class Pe, bool kClusterSum = false>
__global__ void __launch_bounds__(kThreads, 2)
    partial_scores_kernel(const AttentionProblem p, const Pe pe, float* __restrict__ part,
                          int nsub, int spb) {
  // [buffer][Q, K][sub-tile dim][row]; after the last sub-tile the first
  // 2 * kS * kS floats hold the cross-worker reduction.
  __shared__ __align__(16) float smem[2][2][kSub1][kLd];
  static_assert(sizeof(smem) >= 2 * kS * kS * sizeof(float), "reduction fits in the tiles");
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, chunks = gridDim.x;
  split_d_tuned::QkSubTiles<Pe> tiles(p, bh);
  const int w = tid >> 6, t = tid & 63, ty = t >> 3, tx = t & 7;

  float acc[8][8] = {};
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) tiles.load(s_begin);
  for (int s = s_begin; s < s_end; ++s) {
    const int buf = (s - s_begin) & 1;
    tiles.store(pe, smem[buf][0], smem[buf][1]);
    // One barrier: this buffer is complete, and every warp is past the
    // previous sub-tile's compute, which read the other buffer.
    __syncthreads();
    if (s + 1 < s_end) tiles.load(s + 1);  // in flight during the FMAs below
    const float(*qt)[kLd] = smem[buf][0];
    const float(*kt)[kLd] = smem[buf][1];
#pragma unroll
    for (int k = 0; k < kWorkerDims; ++k) {
      const int kk = kWorkerDims * w + k;
      outer8x8(acc, ld4(&qt[kk][4 * ty]), ld4(&qt[kk][32 + 4 * ty]), ld4(&kt[kk][4 * tx]),
               ld4(&kt[kk][32 + 4 * tx]));
    }
  }

  // Sum the four workers' partials: 2 + 3 onto 0 + 1, then 1 onto 0.
  float* red = &smem[0][0][0][0];  // [2][kS][kS]
  auto put = [&](float* dst) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      float* r = dst + tile_row(ty, i) * kS;
      st4(r + 4 * tx, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
      st4(r + 32 + 4 * tx, make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]));
    }
  };
  auto add = [&](const float* src) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const float* r = src + tile_row(ty, i) * kS;
      const float4 lo = ld4(r + 4 * tx), hi = ld4(r + 32 + 4 * tx);
      acc[i][0] += lo.x, acc[i][1] += lo.y, acc[i][2] += lo.z, acc[i][3] += lo.w;
      acc[i][4] += hi.x, acc[i][5] += hi.y, acc[i][6] += hi.z, acc[i][7] += hi.w;
    }
  };
  __syncthreads();  // every worker is done with the tiles
  if (w >= 2) put(red + (w - 2) * kS * kS);
  __syncthreads();
  if (w < 2) add(red + w * kS * kS);
  __syncthreads();
  if (w == 1) put(red);
  __syncthreads();
  if (w == 0) add(red);
  if constexpr (kClusterSum) {
    float* mine = red + kS * kS;  // free since the last barrier
    if (w == 0) put(mine);
    cluster_sum_rows(mine, part, bh, chunks, chunk);
  } else {
    if (w == 0) put(part + (std::size_t(bh) * chunks + chunk) * kS * kS);
  }
}

// ---------------------------------------------------------------- phase 3
// Sub-tiles of `dims` dims per head, per block, and blocks per head, aiming
// at blocks_per_sm blocks per SM (v019 and v024 plan with their own sizes).
struct Plan3 {
  int nsub, spb, chunks;
};

inline Plan3 make_plan3(const AttentionProblem& p, int sms, int dims = kSub3, int blocks_per_sm = kBlocksPerSm3) {
  Plan3 pl{};
  pl.nsub = ceil_div(p.D, dims);
  pl.spb = std::max(1, ceil_div(pl.nsub * p.B * p.Hq, blocks_per_sm * sms));
  pl.chunks = ceil_div(pl.nsub, pl.spb);
  return pl;
}

inline constexpr std::size_t kPvSmemBytes = (std::size_t(kS) * kLd + std::size_t(kS) * kSub3) * sizeof(float);

static __global__ void __launch_bounds__(kThreads3, kBlocksPerSm3)
    pv_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
  extern __shared__ __align__(16) float pv_smem[];
  float(*pt)[kLd] = reinterpret_cast<float(*)[kLd]>(pv_smem);               // P^T [key][query]
  float(*vs)[kSub3] = reinterpret_cast<float(*)[kSub3]>(pv_smem + kS * kLd);  // [key][dim]
  const int tid = threadIdx.x;
  const int chunk = blockIdx.x, bh = blockIdx.y, D = p.D;
  const float* vbase = split_d::v_rows_of_head(p, bh);
  float* obase = p.out + std::size_t(bh) * p.Sq * D;

  // V sub-tile s: thread tid copies dims 4 (tid % 32).. of keys tid / 32 + 4r;
  // keys past Sk and dims past D land as zeros.
  const int f = tid & 31, key0 = tid >> 5;
  auto load = [&](int s) {
    const int d = s * kSub3 + 4 * f;
    const float* src = vbase + std::size_t(key0) * D + d;
#pragma unroll
    for (int r = 0; r < kS * kSub3 / 4 / kThreads3; ++r) {
      const int key = key0 + kThreads3 / 32 * r;
      const bool valid = key < p.Sk && d < D;
      cp_async16(&vs[key][4 * f], valid ? src : vbase, valid);
      src += std::size_t(kThreads3 / 32) * D;
    }
    cp_async_commit();
  };
  const int s_begin = chunk * spb, s_end = min(nsub, s_begin + spb);
  if (s_begin < s_end) load(s_begin);  // V does not depend on phase 2

  cudaGridDependencySynchronize();  // P is complete and visible
  split_d::load_p_transposed<kThreads3>(p, P, bh, pt);
  const int ty = tid >> 4, tx = tid & 15;
  for (int s = s_begin; s < s_end; ++s) {
    cp_async_wait<0>();
    __syncthreads();  // this V sub-tile (and, the first time, P^T) is complete
    float acc[8][8] = {};
#pragma unroll 8
    for (int k = 0; k < kS; ++k)
      outer8x8(acc, ld4(&pt[k][4 * ty]), ld4(&pt[k][32 + 4 * ty]), ld4(&vs[k][4 * tx]),
               ld4(&vs[k][64 + 4 * tx]));
    if (s + 1 < s_end) {
      __syncthreads();  // every warp is done with vs
      load(s + 1);      // in flight during the stores below
    }
    const int d0 = s * kSub3 + 4 * tx, d1 = d0 + 64;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const int r = tile_row(ty, i);
      if (r >= p.Sq) continue;
      float* o = obase + std::size_t(r) * D;
      if (d0 < D) st4(o + d0, make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]));
      if (d1 < D) st4(o + d1, make_float4(acc[i][4], acc[i][5], acc[i][6], acc[i][7]));
    }
  }
}

// The launches, as pieces v014 reuses. Phase 1 is an ordinary launch; phases
// 2 and 3 may start early (programmatic dependent launch) and wait inside for
// what they need. Workspace: the partials, then P.
struct Buffers {
  float* part;
  float* P;
};

inline Buffers buffers(const AttentionProblem& p, const split_d::Plan& pl, void* workspace) {
  return {static_cast<float*>(workspace),
          reinterpret_cast<float*>(static_cast<char*>(workspace) + split_d::part_bytes(p, pl.chunks1))};
}

template <class Pe>
inline Buffers launch_partial_scores(const AttentionProblem& p, const Pe& pe, const split_d::Plan& pl,
                                     void* workspace, cudaStream_t stream) {
  const Buffers buf = buffers(p, pl, workspace);
  split_d_register_tiles::partial_scores_kernel<Pe><<<dim3(pl.chunks1, unsigned(p.B) * p.Hq), kThreads, 0, stream>>>(
      p, pe, buf.part, pl.nsub1, pl.spb1);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  return buf;
}

inline void launch_pv(const AttentionProblem& p, const Plan3& pl3, const float* P, cudaStream_t stream) {
  set_max_dynamic_smem(&split_d_register_tiles::pv_kernel, int(kPvSmemBytes));
  launch_dependent(&split_d_register_tiles::pv_kernel, dim3(pl3.chunks, unsigned(p.B) * p.Hq), dim3(kThreads3), kPvSmemBytes,
                   stream, p, P, pl3.nsub, pl3.spb);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  const split_d::Plan pl = split_d::make_plan<Pe::kPaired>(p);
  const Buffers buf = launch_partial_scores(p, pe, pl, workspace, stream);
  launch_dependent(&split_d_tuned::softmax_after_kernel, dim3(ceil_div(p.Sq, 4), unsigned(p.B) * p.Hq), dim3(kS, 4), 0,
                   stream, p, static_cast<const float*>(buf.part), pl.chunks1, buf.P);
  launch_pv(p, make_plan3(p, split_d_mma::sm_count()), buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return split_d_tuned::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_register_tiles::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::split_d_register_tiles
