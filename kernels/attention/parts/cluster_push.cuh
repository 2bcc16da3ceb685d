// Part cluster_push, first built as attention v047:
// v046 with the cluster reduction pushed instead of pulled,
// and 16-block clusters of 4 warps preferred at every D.
//   reduce   each rank sums its warps' partials and stores each row straight
//            into the shared memory of the rank that owns it (DSMEM stores,
//            no round trip); one cluster barrier; the owner sums its inbox
//            (C partials of its 32 / C rows) from its own shared memory,
//            takes the softmax and stores P into every rank; cluster
//            barrier. v046's owner warp loaded 2 x C remote values one after
//            another in a loop of run-time length; here C is a template
//            parameter and nothing waits on a remote load.
//   plan     v046 chose 8-block clusters (64 blocks) at D >= 4096 because
//            the H100 holds only 7 clusters of 16 one-block-per-SM blocks
//            (fuselab_probe_cluster_plan); with 4 warps a block it holds 14,
//            so 16-block clusters of 4 warps come first wherever D % 2048
//            == 0, then 8 warps x 8 blocks, then 4 warps x 8.
// Phases 1 and 3 are v046's. Limits: v046's.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <array>
#include <cstddef>

#include "kernels/attention/parts/cluster_registers.cuh"

namespace fuselab::kernels::attention::cluster_push {

namespace cg = cooperative_groups;
using namespace cluster_registers;  // the tile constants and the phase helpers

// After the pushes: cluster barrier; the owner of rows rank * kRows / kCl ..
// sums each row's kCl partials from its inbox, takes the softmax and stores
// P into every rank's praw; cluster barrier (no DSMEM access after it).
template <int kCl, int kWarps>
__device__ __forceinline__ void owner_rows_softmax(cg::cluster_group& cluster, const float* inbox, float* praw,
                                                   const AttentionProblem& p, int row0, int rank, int warp,
                                                   int lane) {
  constexpr int kRowsPerRank = kRows / kCl;
  cluster.sync();  // every owner holds its rows' kCl partials
  for (int il = warp; il < kRowsPerRank; il += kWarps) {
    const int i = rank * kRowsPerRank + il;
    bool vis[2];
    visible_keys(vis, p, row0 + i, lane);
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
}

template <class Pe, int kWarps, int kCl>
__global__ void __launch_bounds__(kWarps * 32, 1) push_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kThreads = kWarps * 32, kRowsPerRank = kRows / kCl;
  extern __shared__ float4 smem4[];
  float* const smem = reinterpret_cast<float*>(smem4);
  float* const wparts = smem;                           // [kWarps][kRows][kLdPart]
  float* const inbox = smem + kWarpPartFloats<kWarps>;  // [kCl][kRowsPerRank][kKeys], pushed by the ranks
  float* const praw = inbox + kRows * kKeys;            // [kRows][kKeys], pushed by the owners
  float4* const pfrag = smem4;                          // aliases wparts

  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const RowGroup rg(p);
  const int D = p.D, row0 = rg.row0, rows = rg.rows;
  const float *q = rg.q, *k = rg.k, *v = rg.v;
  float* o = rg.o;
  const int steps = D / (kCl * kWarps * kStepDims);

  float acc[kMTiles][kNTiles][4] = {};
  partial_scores(acc, p, pe, q, k, rows, row0, rank * kWarps + warp, kCl * kWarps, steps, lane);
  const int d3 = (rank * kWarps + warp) * (D / (kCl * kWarps));
  VGroup vg;
  load_v(vg, v, D, p.Sk, d3, lane);

  store_warp_partial(wparts + warp * kRows * kLdPart, acc, lane);
  __syncthreads();
  for (int e = tid; e < kRows * kKeys / 4; e += kThreads) {
    const int r = e / (kKeys / 4), c = 4 * (e % (kKeys / 4));
    float4 sum = ld4(wparts + r * kLdPart + c);
#pragma unroll
    for (int w = 1; w < kWarps; ++w) {
      const float4 x = ld4(wparts + (w * kRows + r) * kLdPart + c);
      sum.x += x.x, sum.y += x.y, sum.z += x.z, sum.w += x.w;
    }
    const int owner = r / kRowsPerRank, il = r % kRowsPerRank;
    st4(cluster.map_shared_rank(inbox, owner) + (rank * kRowsPerRank + il) * kKeys + c, sum);
  }
  owner_rows_softmax<kCl, kWarps>(cluster, inbox, praw, p, row0, rank, warp, lane);

  split_p_fragments<kThreads>(praw, pfrag, tid);
  __syncthreads();
  pv_groups(vg, v, pfrag, o, p, rows, d3, steps, lane);
}

template <class Pe, int kWarps, int kCl>
inline int max_clusters() {
  static const int fit = cluster_fit(&push_kernel<Pe, kWarps, kCl>, kCl, kWarps * 32, kSmemBytes<kWarps>);
  return fit;
}

// The first of (16 blocks x 4 warps, 8 x 8, 8 x 4) whose D split is whole
// and whose clusters all fit at once; else the last whose split is whole.
template <class Pe>
inline Plan make_plan(const AttentionProblem& p) {
  if (p.Sq > kKeys || p.Sk > kKeys) return {0, 0};
  const int clusters = p.B * p.Hq * ceil_div(p.Sq, kRows);
  const std::array<Plan, 3> order{{{16, 4}, {8, 8}, {8, 4}}};
  Plan chosen{0, 0};
  for (const Plan& c : order) {
    if (p.D % (c.cl * c.warps * kStepDims) != 0) continue;
    const int fit = c.cl == 16 ? max_clusters<Pe, 4, 16>() : c.warps == 8 ? max_clusters<Pe, 8, 8>()
                                                                           : max_clusters<Pe, 4, 8>();
    if (fit >= 1) chosen = c;
    if (fit >= clusters) return c;
  }
  return chosen;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, const Plan& pl, cudaStream_t stream) {
  const dim3 grid(unsigned(pl.cl), unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B * p.Hq));
  if (pl.cl == 16)
    launch_clustered(16, &push_kernel<Pe, 4, 16>, grid, dim3(128), kSmemBytes<4>, stream, p, pe);
  else if (pl.warps == 8)
    launch_clustered(8, &push_kernel<Pe, 8, 8>, grid, dim3(256), kSmemBytes<8>, stream, p, pe);
  else
    launch_clustered(8, &push_kernel<Pe, 4, 8>, grid, dim3(128), kSmemBytes<4>, stream, p, pe);
}

// v047 where it applies, else the fallback (launch(p, workspace, stream)).
template <class Pe, class Fallback>
inline void launch_or(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream,
                      Fallback&& fallback) {
  const Plan pl = make_plan<Pe>(p);
  if (pl.warps != 0)
    launch_with(p, pe, pl, stream);
  else
    fallback(p, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_or(p, split_d::NoPe{}, workspace, stream, &direct_o_stores::launch);
}

}  // namespace fuselab::kernels::attention::cluster_push
