// attention v025 — the split-D design in ONE launch: the blocks of a head form
// a thread-block cluster (up to 16, rank r owning a slice of head_dim), and
// the score partials, the softmax and P pass through distributed shared
// memory instead of two more launches and a global workspace. v003 tried
// this with SIMT products and a 4-stage ring (116 us at D = 16384); since
// then phase 1 and phase 3 moved to wgmma (v022, v024), and what is left of
// the three-launch design is its seams: ~6 us of softmax launch with DRAM
// idle, a phase-1 tail, and V read after P is known.
//   phase 1: rank r's 32-dim sub-tiles (paired: 16 low + the same 16 high
//            dims) stream raw through a kStages cp.async ring (rows padded
//            to kLdRing floats: the landing reads hit 32 banks), with the
//            next kLead sub-tiles' rows bulk-prefetched into L2 ahead of the
//            ring. Each landed sub-tile goes to registers (v020's row
//            layout), gets the PE hook, is split into tf32 parts in v022's
//            padded cores (v017::put_split), and the two warpgroups run
//            v017's products on it. Halfway through, the rank's V columns
//            are bulk-prefetched into L2 for phase 3.
//   reduce:  the block's 64x64 partial goes to shared memory; cluster
//            barrier; rank r owns rows r, r + cl, ...: a warp per row sums
//            the cl partials in double in rank order (DSMEM; fixed order:
//            deterministic), scales, masks, softmaxes, and writes the P row
//            into every rank's shared memory; cluster barrier.
//   phase 3: v024's steps (O^T = V^T P^T on wgmma, A = V^T from registers)
//            over rank r's 128-dim steps; the first V step is in flight
//            before the first cluster barrier.
// Cluster size: the largest power of two <= 16 (16 needs the non-portable
// size; 8 where the device cannot co-schedule 16) and <= the 128-dim steps
// of D. Grid (cl, B*Hq), one block per SM (169 KB of shared memory).
// Limits: as v013 (Sq, Sk <= 64, D % 4 == 0, D % 8 paired; causal, GQA,
// cross); a build for sm_90a. No workspace.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v025 {

namespace cg = cooperative_groups;

using v002::kS;
using v002::kSub1;
using v002::kThreads;
using v019::kDims;
using v019::kPFloats;
using Layout = v022::PaddedCores64;

inline constexpr int kStages = 4;       // phase-1 ring: three sub-tiles in flight
inline constexpr int kLead = 8;         // sub-tiles prefetched into L2 ahead of the ring
inline constexpr int kLeadGroup = 4;    // ... a group of this many at a time
inline constexpr int kLdRing = 48;      // ring row stride: 16 (mod 32) banks per row
inline constexpr int kStageFloats = 2 * kS * kLdRing;  // Q rows, then K rows
inline constexpr int kMaxCluster = 16;

// Phase 1: ring, then the two split buffers. Afterwards (aliasing it): P
// split, the partial, P raw (written by the cluster), V; O staging spans
// the partial and P raw once both are dead.
inline constexpr int kPhase1Floats = kStages * kStageFloats + 2 * v017::kBufferFloats<Layout>;
inline constexpr int kPartOffset = 2 * kPFloats;
inline constexpr int kPRawOffset = kPartOffset + kS * kS;
inline constexpr int kVOffset = kPartOffset + kS * v024::kLdO;
inline constexpr int kAfterFloats = kVOffset + kS * v024::kLdV;
static_assert(kPRawOffset + kS * kS <= kVOffset, "O staging covers the partial and P raw");
inline constexpr std::size_t kSmemBytes =
    std::size_t(kPhase1Floats > kAfterFloats ? kPhase1Floats : kAfterFloats) * sizeof(float);

struct Plan {
  int cl;           // cluster size: blocks per head
  int nsub1, spb1;  // phase-1 sub-tiles per head and per rank
  int nsub3, spb3;  // phase-3 steps per head and per rank
};

// v020's register layout, filled from a cp.async ring instead of global
// loads: the PE hook and the split stores are v020's.
template <class Pe>
struct RingQkSubTiles : v020::RowQkSubTiles<Pe> {
  using Base = v020::RowQkSubTiles<Pe>;
  __device__ RingQkSubTiles(const AttentionProblem& p, int bh) : Base(p, bh) {}

  // Sub-tile s's Q and K rows into a stage (row r of Q at r * kLdRing, of K
  // at (kS + r) * kLdRing; paired: low dims in columns 0..15, high in
  // 16..31); rows past Sq / Sk and dims past the end are zero-filled.
  __device__ __forceinline__ void issue(int s, float* stage) const {
#pragma unroll
    for (int n = 0; n < 2 * kS * (kSub1 / 4) / kThreads; ++n) {
      const int e = threadIdx.x + kThreads * n, is_k = e >> 9, row = (e >> 3) & (kS - 1), piece = e & 7;
      int d;
      bool valid = row < (is_k ? this->Sk : this->Sq);
      if constexpr (Pe::kPaired) {
        const int i = s * (kSub1 / 2) + 4 * (piece & 3);
        valid = valid && i < this->half;
        d = piece < 4 ? i : this->half + i;
      } else {
        d = s * kSub1 + 4 * piece;
        valid = valid && d < this->D;
      }
      const float* base = is_k ? this->kbase : this->qbase;
      cp_async16(stage + (is_k * kS + row) * kLdRing + 4 * piece, valid ? base + std::size_t(row) * this->D + d : base,
                 valid);
    }
  }

  // The registers and dim0 as v020's load(s) would leave them.
  __device__ __forceinline__ void land(int s, const float* stage) {
    const int r0 = this->row0, c = 4 * this->f;
    if constexpr (Pe::kPaired) {
      const int i = s * (kSub1 / 2) + c;
      this->dim0 = i < this->half ? i : -1;
      this->x[0] = ld4(stage + r0 * kLdRing + c);
      this->x[1] = ld4(stage + r0 * kLdRing + 16 + c);
      this->x[2] = ld4(stage + (kS + r0) * kLdRing + c);
      this->x[3] = ld4(stage + (kS + r0) * kLdRing + 16 + c);
    } else {
      const int d = s * kSub1 + c;
      this->dim0 = d < this->D ? d : -1;
      this->x[0] = ld4(stage + r0 * kLdRing + c);
      this->x[1] = ld4(stage + (r0 + 32) * kLdRing + c);
      this->x[2] = ld4(stage + (kS + r0) * kLdRing + c);
      this->x[3] = ld4(stage + (kS + r0 + 32) * kLdRing + c);
    }
  }

  // The Q and K rows of sub-tiles [s0, s1) into L2 (threads 0..127, a row each).
  __device__ __forceinline__ void prefetch(int s0, int s1) const {
    const int tid = threadIdx.x, is_k = tid >> 6, row = tid & (kS - 1);
    if (tid >= 2 * kS || s0 >= s1 || row >= (is_k ? this->Sk : this->Sq)) return;
    const float* src = (is_k ? this->kbase : this->qbase) + std::size_t(row) * this->D;
    if constexpr (Pe::kPaired) {
      const int i0 = s0 * (kSub1 / 2), i1 = min(this->half, s1 * (kSub1 / 2));
      if (i0 >= i1) return;
      prefetch_l2(src + i0, i1 - i0);
      prefetch_l2(src + this->half + i0, i1 - i0);
    } else {
      const int d0 = s0 * kSub1, d1 = min(this->D, s1 * kSub1);
      if (d0 < d1) prefetch_l2(src + d0, d1 - d0);
    }
  }
};

template <class Pe>
__global__ void __launch_bounds__(kThreads, 1) fused_kernel(const AttentionProblem p, const Pe pe, const Plan pl) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* ring = smem;
  float* split = smem + kStages * kStageFloats;
  float* pbig = smem;  // after phase 1
  float* part = smem + kPartOffset;
  float* praw = smem + kPRawOffset;
  float* vs = smem + kVOffset;
  float* os = part;

  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank()), cl = pl.cl;
  const int tid = threadIdx.x, wg = tid >> 7, warp = tid >> 5, lane = tid & 31;
  const int bh = blockIdx.y;
  const int s_begin = rank * pl.spb1, s_end = min(pl.nsub1, s_begin + pl.spb1), n1 = max(0, s_end - s_begin);
  const int t_begin = rank * pl.spb3, t_end = min(pl.nsub3, t_begin + pl.spb3);
  const v024::PvSteps steps(p, bh, vs, os);

  // Rank r's V columns into L2.
  auto prefetch_v = [&] { v017::prefetch_v_dims(p, bh, t_begin * kDims, min(p.D, t_end * kDims)); };

  // ------------------------------------------------------------ phase 1
  RingQkSubTiles<Pe> tiles(p, bh);
  tiles.prefetch(s_begin + kStages - 1, min(s_end, s_begin + kLead));
#pragma unroll
  for (int k = 0; k < kStages - 1; ++k) {
    if (k < n1) tiles.issue(s_begin + k, ring + k * kStageFloats);
    cp_async_commit();
  }
  if (n1 == 0) prefetch_v();
  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = 0.f;
  for (int it = 0; it < n1; ++it) {
    const int s = s_begin + it;
    cp_async_wait<kStages - 2>();
    // Sub-tile s landed for every thread; every thread is done landing s - 1.
    __syncthreads();
    if (s + kStages - 1 < s_end) tiles.issue(s + kStages - 1, ring + ((it + kStages - 1) % kStages) * kStageFloats);
    cp_async_commit();
    if (it % kLeadGroup == 0) tiles.prefetch(s + kLead, min(s_end, s + kLead + kLeadGroup));
    if (it == n1 / 2) prefetch_v();
    tiles.land(s, ring + (it % kStages) * kStageFloats);
    tiles.apply_pe(pe);
    float* buf = split + (it & 1) * v017::kBufferFloats<Layout>;
    tiles.for_each([&](bool is_q, int row, int col, float4 v) { v017::put_split<Layout>(buf, is_q, row, col, v); });
    fence_proxy_async_shared();
    // This buffer is complete; every warpgroup waited for its products on
    // the other one.
    __syncthreads();
    v017::buffer_products<Layout>(acc, buf, wg);
  }
  cp_async_wait<0>();
  v017::sum_warpgroups(acc, part, part);  // its first barrier: phase 1's shared memory is free
  if (t_begin < t_end) steps.load(t_begin);

  // ------------------------------------------------------------ reduce, softmax
  cluster.sync();  // every rank's partial is complete
  for (int i = rank + cl * warp; i < p.Sq; i += cl * (kThreads / 32)) {
    float sv[2];
    bool vis[2];
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      const int j = lane + 32 * c;
      vis[c] = j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
      double sum = 0.0;
      if (vis[c])
        for (int rr = 0; rr < cl; ++rr) sum += double(cluster.map_shared_rank(part, rr)[i * kS + j]);
      sv[c] = vis[c] ? float(sum * double(p.scale)) : MaxOp::identity();
    }
    const float m = warp_max(fmaxf(sv[0], sv[1]));
    float e[2];
#pragma unroll
    for (int c = 0; c < 2; ++c) e[c] = vis[c] ? expf(sv[c] - m) : 0.f;
    const float l = warp_sum(e[0] + e[1]);
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      const float pv = l > 0.f ? e[c] / l : 0.f;
      for (int rr = 0; rr < cl; ++rr) cluster.map_shared_rank(praw, rr)[i * kS + lane + 32 * c] = pv;
    }
  }
  cluster.sync();  // every P row is in every rank; no DSMEM access after this

  // ------------------------------------------------------------ phase 3
  v019::store_p_split(praw, p.Sq, pbig);
  fence_proxy_async_shared();
  steps.run(pbig, t_begin, t_end);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

// The largest cluster size (16, else 8) the device co-schedules for this
// kernel; asked once per instantiation (host calls, legal in capture).
template <class Pe>
inline int max_cluster_size() {
  static const int size = [] {
    const auto kernel = &fused_kernel<Pe>;
    set_max_dynamic_smem(kernel, int(kSmemBytes));
    if (cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel), cudaFuncAttributeNonPortableClusterSizeAllowed,
                             1) != cudaSuccess) {
      cudaGetLastError();
      return 8;
    }
    return max_active_clusters(reinterpret_cast<const void*>(kernel), kMaxCluster, kThreads, kSmemBytes) >= 1
               ? kMaxCluster
               : 8;
  }();
  return size;
}

template <bool kPaired>
inline Plan make_plan(const AttentionProblem& p, int max_cluster) {
  Plan pl{};
  pl.nsub1 = kPaired ? ceil_div(p.D / 2, kSub1 / 2) : ceil_div(p.D, kSub1);
  pl.nsub3 = ceil_div(p.D, kDims);
  pl.cl = 1;
  while (pl.cl * 2 <= std::min(max_cluster, pl.nsub3)) pl.cl *= 2;
  pl.spb1 = ceil_div(pl.nsub1, pl.cl);
  pl.spb3 = ceil_div(pl.nsub3, pl.cl);
  return pl;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  v017::require_sm90a();
  const Plan pl = make_plan<Pe::kPaired>(p, max_cluster_size<Pe>());
  launch_clustered(pl.cl, &fused_kernel<Pe>, dim3(unsigned(pl.cl), unsigned(p.B) * p.Hq), dim3(kThreads),
                   kSmemBytes, stream, p, pe, pl);
}

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v025::launch_with(p, v002::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::v025
