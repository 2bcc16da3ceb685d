// attention v048 — v047 at two warps per scheduler: 8-warp blocks held to
// 128 registers (__launch_bounds__(256, 2)), so the H100 holds 16-block
// clusters of them two per SM and the 128 blocks of 1x4x64 spread one per
// SM with 8 warps each. v047's ncu profile (1.18 warps per scheduler, a
// fixed-latency wait of 1.81 cycles per instruction between dependent mma)
// says its single warp had nothing else to issue.
//   phase 1  warp w = 2 * part + half owns keys 32 * half .. + 31 (4 n-tiles,
//            16 accumulators a lane instead of 64) and every fourth 32-dim
//            step of the rank's dims from step `part` (neox: 16 low dims and
//            their partners a step, as v046). Loads, PE, split and products
//            are v046's (slab_products<4>).
//   reduce   the four parts of each key half are summed through shared
//            memory, then v047's pushed cluster reduction (its lines, not
//            v047::owner_rows_softmax: the call changed this kernel's code).
//   phase 3  the rank's 32-dim groups of O are dealt out to the warps in
//            turn (v046's group products), each group's V loaded just before
//            it computes (no second V group in registers).
// Plan: 16-block clusters where the device holds them all, else 8. Limits:
// Sq, Sk <= 64, D % 512 == 0 (at 16 ranks) or 256 (8); causal, GQA, cross.
// Other shapes run the fallback launch the caller passes.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v046_cluster_registers.cuh"

namespace fuselab::kernels::attention::v048 {

namespace cg = cooperative_groups;
using namespace v046;  // the tile constants and the phase helpers

inline constexpr int kWarps = 8, kThreads = 32 * kWarps;
inline constexpr int kHalfTiles = kNTiles / 2;  // n-tiles of a warp's key half
inline constexpr int kParts = kWarps / 2;       // warps sharing a key half

// Phase 1 of one warp: keys key0.. (4 n-tiles), steps part, part + kParts, ...
// of the rank's `steps` 32-dim steps.
template <class Pe>
__device__ __forceinline__ void partial_scores_half(float (&acc)[kMTiles][kHalfTiles][4], const AttentionProblem& p,
                                                    const Pe& pe, const RowGroup& rg, int rank, int cl, int key0,
                                                    int part, int steps, int lane) {
  const int D = p.D, g = lane >> 2, t = lane & 3;
  for (int s = part; s < steps; s += kParts) {
    int da, db;
    if constexpr (Pe::kPaired) {
      const int half = D / 2;
      da = rank * (half / cl) + 16 * s + 4 * t;
      db = half + da;
    } else {
      da = rank * (D / cl) + kStepDims * s + 4 * t;
      db = da + 16;
    }
    float4 qa[2 * kMTiles], qb[2 * kMTiles], ka[kHalfTiles], kb[kHalfTiles];
#pragma unroll
    for (int r = 0; r < 2 * kMTiles; ++r) {
      const int row = 8 * r + g;
      const bool ok = row < rg.rows;
      qa[r] = ok ? ldg4(rg.q + std::size_t(row) * D + da) : zero4();
      qb[r] = ok ? ldg4(rg.q + std::size_t(row) * D + db) : zero4();
    }
#pragma unroll
    for (int n = 0; n < kHalfTiles; ++n) {
      const int key = key0 + 8 * n + g;
      const bool ok = key < p.Sk;
      ka[n] = ok ? ldg4(rg.k + std::size_t(key) * D + da) : zero4();
      kb[n] = ok ? ldg4(rg.k + std::size_t(key) * D + db) : zero4();
    }
#pragma unroll
    for (int r = 0; r < 2 * kMTiles; ++r)
      add_pe(pe, qa[r], qb[r], p.q_offset + rg.row0 + 8 * r + g, da, db, p.inv_freq);
#pragma unroll
    for (int n = 0; n < kHalfTiles; ++n) add_pe(pe, ka[n], kb[n], p.k_offset + key0 + 8 * n + g, da, db, p.inv_freq);
    slab_products(acc, qa, ka);
    slab_products(acc, qb, kb);
  }
}

template <class Pe, int kCl>
__global__ void __launch_bounds__(kThreads, 2) half_keys_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kRowsPerRank = kRows / kCl;
  extern __shared__ float4 smem4[];
  float* const smem = reinterpret_cast<float*>(smem4);
  float* const wparts = smem;                           // [kWarps][kRows][kLdPart], half the columns each
  float* const inbox = smem + kWarpPartFloats<kWarps>;  // [kCl][kRowsPerRank][kKeys], pushed by the ranks
  float* const praw = inbox + kRows * kKeys;            // [kRows][kKeys], pushed by the owners
  float4* const pfrag = smem4;                          // aliases wparts

  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const RowGroup rg(p);
  const int steps = p.D / (kCl * kStepDims);  // the rank's 32-dim steps (and phase-3 groups)
  const int half = warp & 1, part = warp >> 1;

  float acc[kMTiles][kHalfTiles][4] = {};
  partial_scores_half(acc, p, pe, rg, rank, kCl, 32 * half, part, steps, lane);
  store_warp_partial(wparts + warp * kRows * kLdPart, acc, lane, 32 * half);
  __syncthreads();
  for (int e = tid; e < kRows * kKeys / 4; e += kThreads) {
    const int r = e / (kKeys / 4), c = 4 * (e % (kKeys / 4)), h = c / 32;
    float4 sum = ld4(wparts + (h * kRows + r) * kLdPart + c);
#pragma unroll
    for (int pt = 1; pt < kParts; ++pt) {
      const float4 x = ld4(wparts + ((2 * pt + h) * kRows + r) * kLdPart + c);
      sum.x += x.x, sum.y += x.y, sum.z += x.z, sum.w += x.w;
    }
    const int owner = r / kRowsPerRank, il = r % kRowsPerRank;
    st4(cluster.map_shared_rank(inbox, owner) + (rank * kRowsPerRank + il) * kKeys + c, sum);
  }
  cluster.sync();  // every owner holds its rows' kCl partials
  for (int il = warp; il < kRowsPerRank; il += kWarps) {
    const int i = rank * kRowsPerRank + il;
    bool vis[2];
    visible_keys(vis, p, rg.row0 + i, lane);
    float sv[2];
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      double sum = 0.0;
#pragma unroll
      for (int rr = 0; rr < kCl; ++rr) sum += double(inbox[(rr * kRowsPerRank + il) * kKeys + lane + 32 * c]);
      sv[c] = vis[c] ? float(sum * double(p.scale)) : MaxOp::identity();
    }
    softmax_pair(sv, vis);
#pragma unroll
    for (int rr = 0; rr < kCl; ++rr) {
      float* dst = cluster.map_shared_rank(praw, rr) + i * kKeys + lane;
      dst[0] = sv[0];
      dst[32] = sv[1];
    }
  }
  cluster.sync();  // every P row is in every rank; no DSMEM access after this

  split_p_fragments<kThreads>(praw, pfrag, tid);
  __syncthreads();
  for (int s = warp; s < steps; s += kWarps) {
    const int d3 = rank * (p.D / kCl) + kStepDims * s;
    VGroup vg;
    load_v(vg, rg.v, p.D, p.Sk, d3, lane);
    group_products_store(vg, pfrag, rg.o, p.D, rg.rows, d3, lane);
  }
}

template <class Pe, int kCl>
inline int max_clusters() {
  static const int fit = cluster_fit(&half_keys_kernel<Pe, kCl>, kCl, kThreads, kSmemBytes<kWarps>);
  return fit;
}

// 16 ranks where the device holds every cluster at once, else 8; 0: unsupported.
template <class Pe>
inline int cluster_size(const AttentionProblem& p) {
  if (p.Sq > kKeys || p.Sk > kKeys) return 0;
  const int clusters = p.B * p.Hq * ceil_div(p.Sq, kRows);
  if (p.D % (16 * kStepDims) == 0 && max_clusters<Pe, 16>() >= clusters) return 16;
  if (p.D % (8 * kStepDims) == 0 && max_clusters<Pe, 8>() >= 1) return 8;
  return 0;
}

template <class Pe, class Fallback>
inline void launch_or(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream,
                      Fallback&& fallback) {
  const int cl = cluster_size<Pe>(p);
  const dim3 grid(unsigned(cl), unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B * p.Hq));
  if (cl == 16)
    launch_clustered(16, &half_keys_kernel<Pe, 16>, grid, dim3(kThreads), kSmemBytes<kWarps>, stream, p, pe);
  else if (cl == 8)
    launch_clustered(8, &half_keys_kernel<Pe, 8>, grid, dim3(kThreads), kSmemBytes<kWarps>, stream, p, pe);
  else
    fallback(p, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_or(p, v002::NoPe{}, workspace, stream, &v032::launch);
}

}  // namespace fuselab::kernels::attention::v048
