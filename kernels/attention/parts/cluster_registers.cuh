// Part cluster_registers, first built as attention v046:
// one launch: a thread-block cluster per (head, 32 query
// rows), head_dim split over its ranks, every operand of both products
// loaded from global memory straight into registers in mma.sync's fragment
// order (3xTF32, masked split). v025's cluster lost to instructions per
// element on 64 SMs (cp.async ring, split stores into shared memory, wgmma);
// here nothing lands in shared memory but the 32x64 scores and P.
//   phase 1  warp w owns a run of the rank's dims and all 32 rows x 64 keys.
//            Lane (g, t) = (lane / 4, lane % 4) loads the float4 at dims
//            4t..4t+3 of a 16-dim slab for rows g, g+8, g+16, g+24 and keys
//            g, g+8, ..., g+56: fragment k index t is dim 4t + 2s and t + 4
//            is 4t + 2s + 1 in k-step s. The dot product does not care which
//            dim pairs with which k index as long as Q and K agree. A step
//            is two slabs: dims d and d + 16, or for a paired (neox) PE the
//            low-half dims i and their partners i + D/2, so each rotation
//            pair sits in one lane. The PE is added in registers, each value
//            split into tf32 big + small, 96 mma per slab per warp.
//   reduce   the warps' 32x64 partials meet in shared memory and are summed;
//            cluster barrier; rank r sums its 32 / C rows over the C ranks
//            through DSMEM (in double), takes the softmax and writes P into
//            every rank; cluster barrier (no DSMEM access after it).
//   phase 3  P is split once into fragment order in shared memory; warp w
//            owns a run of the rank's dims of O for all 32 rows. Lane (g, t)
//            loads V's float4 at dims 4g..4g+3 of keys t and t + 4 of each
//            8-key step: column g of n-tile j is dim 4g + j, so a lane's
//            accumulators of a row are 8 consecutive dims, two 16-byte
//            stores. The first 32-dim group of V is loaded before the
//            cluster barriers, each next group while the last computes.
// Plan: C = 16 ranks where the device co-schedules every cluster of 16,
// else 8; 8 warps where D % (C * 256) == 0, else 4 where D % (C * 128) == 0.
// Limits: Sq <= 64, Sk <= 64 and such a D; causal, GQA, cross. Other shapes
// run the fallback launch the caller passes (attention v032 and its PE
// versions).
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <array>
#include <cstddef>
#include <type_traits>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/direct_o_stores.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::attention::cluster_registers {

namespace cg = cooperative_groups;

inline constexpr int kRows = 32;  // query rows per cluster
inline constexpr int kKeys = 64;  // max Sk (and Sq: two row groups)
inline constexpr int kMTiles = kRows / 16;
inline constexpr int kNTiles = kKeys / 8;
inline constexpr int kKSteps = kKeys / 8;  // phase 3: 8-key steps
inline constexpr int kStepDims = 32;       // a phase-1 step and a phase-3 group
inline constexpr int kLdPart = kKeys + 8;  // a warp partial's row stride
inline constexpr int kMaxCluster = 16;
inline constexpr auto kSplit = Tf32Split::kMask;

// Shared memory (floats): the warps' partials (phase 3's P fragments alias
// them), the block's partial (read by the cluster), P (written by it).
template <int kWarps>
inline constexpr int kWarpPartFloats = kWarps * kRows * kLdPart;
inline constexpr int kPFragFloats = 2 * kMTiles * kKSteps * 32 * 4;  // big, then small
template <int kWarps>
inline constexpr std::size_t kSmemBytes = std::size_t(kWarpPartFloats<kWarps> + 2 * kRows * kKeys) * sizeof(float);
static_assert(kPFragFloats <= kWarpPartFloats<4>, "P fragments fit in the warp partials");

__device__ __forceinline__ float comp(const float4& x, int i) {
  return i == 0 ? x.x : i == 1 ? x.y : i == 2 ? x.z : x.w;
}

template <int N>
__device__ __forceinline__ void split_into(SplitTf32<N>& s, int i, float x) {
  split_tf32<kSplit>(x, s.big[i], s.small[i]);
}

// The PE of one phase-1 step's float4s: slab a at dims da (.. + 3), slab b
// at db; for a paired PE, b holds the partners (db = da + D/2).
template <class Pe>
__device__ __forceinline__ void add_pe(const Pe& pe, float4& a, float4& b, int pos, int da, int db,
                                       const float* inv_freq) {
  if constexpr (std::is_same_v<Pe, split_d::NoPe>) {
    return;
  } else if constexpr (Pe::kPaired) {
    pe.pair4_with_freq(a, b, pos, ldg4(inv_freq + da));
  } else {
    pe.lane_with_freq(a, pos, __ldg(reinterpret_cast<const float2*>(inv_freq + da / 2)));
    pe.lane_with_freq(b, pos, __ldg(reinterpret_cast<const float2*>(inv_freq + db / 2)));
  }
}

// acc[mt][n] += Q rows (m-tile mt) . K keys (n-tile n of N) over one 16-dim
// slab: q[r] holds row 8r + g, k[n] key 8n + g (from the warp's first key),
// both at dims 4t..4t+3.
template <int N>
__device__ __forceinline__ void slab_products(float (&acc)[kMTiles][N][4], const float4 (&q)[2 * kMTiles],
                                              const float4 (&k)[N]) {
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    SplitTf32<4> a[kMTiles];
#pragma unroll
    for (int mt = 0; mt < kMTiles; ++mt) {
      split_into(a[mt], 0, comp(q[2 * mt], 2 * s));
      split_into(a[mt], 1, comp(q[2 * mt + 1], 2 * s));
      split_into(a[mt], 2, comp(q[2 * mt], 2 * s + 1));
      split_into(a[mt], 3, comp(q[2 * mt + 1], 2 * s + 1));
    }
#pragma unroll
    for (int n = 0; n < N; ++n) {
      SplitTf32<2> b;
      split_into(b, 0, comp(k[n], 2 * s));
      split_into(b, 1, comp(k[n], 2 * s + 1));
#pragma unroll
      for (int mt = 0; mt < kMTiles; ++mt) mma_3xtf32(acc[mt][n], a[mt], b);
    }
  }
}

// A phase-3 group: V's float4s at dims 4g..4g+3 of the group for keys
// 8s + t (lo[s]) and 8s + t + 4 (hi[s]).
struct VGroup {
  float4 lo[kKSteps], hi[kKSteps];
};

__device__ __forceinline__ void load_v(VGroup& vg, const float* v, int D, int Sk, int d0, int lane) {
  const int g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int s = 0; s < kKSteps; ++s) {
    const int k0 = 8 * s + t, k1 = k0 + 4;
    vg.lo[s] = k0 < Sk ? ldg4(v + std::size_t(k0) * D + d0 + 4 * g) : zero4();
    vg.hi[s] = k1 < Sk ? ldg4(v + std::size_t(k1) * D + d0 + 4 * g) : zero4();
  }
}

// O rows of this block (32) x the group's 32 dims = P . V, stored to o
// (row 0 of the block) where the row exists.
__device__ __forceinline__ void group_products_store(const VGroup& vg, const float4* pfrag, float* o, int D,
                                                     int rows, int d0, int lane) {
  const int g = lane >> 2, t = lane & 3;
  float acc[kMTiles][4][4] = {};
#pragma unroll
  for (int s = 0; s < kKSteps; ++s) {
    SplitTf32<4> a[kMTiles];
#pragma unroll
    for (int mt = 0; mt < kMTiles; ++mt) {
      const float4 big = pfrag[(mt * kKSteps + s) * 32 + lane];
      const float4 small = pfrag[kPFragFloats / 8 + (mt * kKSteps + s) * 32 + lane];
      a[mt].big[0] = __float_as_uint(big.x), a[mt].big[1] = __float_as_uint(big.y);
      a[mt].big[2] = __float_as_uint(big.z), a[mt].big[3] = __float_as_uint(big.w);
      a[mt].small[0] = __float_as_uint(small.x), a[mt].small[1] = __float_as_uint(small.y);
      a[mt].small[2] = __float_as_uint(small.z), a[mt].small[3] = __float_as_uint(small.w);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      SplitTf32<2> b;
      split_into(b, 0, comp(vg.lo[s], j));
      split_into(b, 1, comp(vg.hi[s], j));
#pragma unroll
      for (int mt = 0; mt < kMTiles; ++mt) mma_3xtf32(acc[mt][j], a[mt], b);
    }
  }
#pragma unroll
  for (int mt = 0; mt < kMTiles; ++mt) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int row = 16 * mt + 8 * h + g;
      if (row >= rows) continue;
      float* dst = o + std::size_t(row) * D + d0 + 8 * t;
      st4(dst, make_float4(acc[mt][0][2 * h], acc[mt][1][2 * h], acc[mt][2][2 * h], acc[mt][3][2 * h]));
      st4(dst + 4, make_float4(acc[mt][0][2 * h + 1], acc[mt][1][2 * h + 1], acc[mt][2][2 * h + 1], acc[mt][3][2 * h + 1]));
    }
  }
}

// Phase 1 of one warp: acc = its 32 rows x 64 keys partial scores over the
// dims of its `steps` steps; `unit` = rank * warps per block + warp of
// `units` = cluster size * warps per block (the head's dims split evenly).
template <class Pe>
__device__ __forceinline__ void partial_scores(float (&acc)[kMTiles][kNTiles][4], const AttentionProblem& p,
                                               const Pe& pe, const float* q, const float* k, int rows, int row0,
                                               int unit, int units, int steps, int lane) {
  const int D = p.D, g = lane >> 2, t = lane & 3;
  for (int s = 0; s < steps; ++s) {
    int da, db;
    if constexpr (Pe::kPaired) {
      const int half = D / 2;
      da = unit * (half / units) + 16 * s + 4 * t;
      db = half + da;
    } else {
      da = unit * (D / units) + kStepDims * s + 4 * t;
      db = da + 16;
    }
    float4 qa[2 * kMTiles], qb[2 * kMTiles], ka[kNTiles], kb[kNTiles];
#pragma unroll
    for (int r = 0; r < 2 * kMTiles; ++r) {
      const int row = 8 * r + g;
      const bool ok = row < rows;
      qa[r] = ok ? ldg4(q + std::size_t(row) * D + da) : zero4();
      qb[r] = ok ? ldg4(q + std::size_t(row) * D + db) : zero4();
    }
#pragma unroll
    for (int n = 0; n < kNTiles; ++n) {
      const int key = 8 * n + g;
      const bool ok = key < p.Sk;
      ka[n] = ok ? ldg4(k + std::size_t(key) * D + da) : zero4();
      kb[n] = ok ? ldg4(k + std::size_t(key) * D + db) : zero4();
    }
#pragma unroll
    for (int r = 0; r < 2 * kMTiles; ++r) add_pe(pe, qa[r], qb[r], p.q_offset + row0 + 8 * r + g, da, db, p.inv_freq);
#pragma unroll
    for (int n = 0; n < kNTiles; ++n) add_pe(pe, ka[n], kb[n], p.k_offset + 8 * n + g, da, db, p.inv_freq);
    slab_products(acc, qa, ka);
    slab_products(acc, qb, kb);
  }
}

// A warp's partial (N n-tiles from key key0) into its [kRows][kLdPart]
// slice of shared memory.
template <int N>
__device__ __forceinline__ void store_warp_partial(float* mine, const float (&acc)[kMTiles][N][4], int lane,
                                                   int key0 = 0) {
  const int g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int mt = 0; mt < kMTiles; ++mt) {
#pragma unroll
    for (int n = 0; n < N; ++n) {
      const int r = 16 * mt + g, c = key0 + 8 * n + 2 * t;
      *reinterpret_cast<float2*>(mine + r * kLdPart + c) = make_float2(acc[mt][n][0], acc[mt][n][1]);
      *reinterpret_cast<float2*>(mine + (r + 8) * kLdPart + c) = make_float2(acc[mt][n][2], acc[mt][n][3]);
    }
  }
}

// Keys lane and lane + 32 of query row qi: which are visible.
__device__ __forceinline__ void visible_keys(bool (&vis)[2], const AttentionProblem& p, int qi, int lane) {
#pragma unroll
  for (int c = 0; c < 2; ++c) {
    const int j = lane + 32 * c;
    vis[c] = j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + qi);
  }
}

// One row's softmax across the warp (keys lane and lane + 32): x holds the
// scaled scores (-inf where not visible) and leaves as P.
__device__ __forceinline__ void softmax_pair(float (&x)[2], const bool (&vis)[2]) {
  const float m = warp_max(fmaxf(x[0], x[1]));
  float e[2];
#pragma unroll
  for (int c = 0; c < 2; ++c) e[c] = vis[c] ? expf(x[c] - m) : 0.f;
  const float l = warp_sum(e[0] + e[1]);
#pragma unroll
  for (int c = 0; c < 2; ++c) x[c] = l > 0.f ? e[c] / l : 0.f;
}

// P (kRows x kKeys in shared memory) split once into A-fragment order: big
// parts at pfrag[(mt * kKSteps + s) * 32 + lane], small parts after them.
template <int kThreads>
__device__ __forceinline__ void split_p_fragments(const float* praw, float4* pfrag, int tid) {
  for (int e = tid; e < kMTiles * kKSteps * 32; e += kThreads) {
    const int l = e & 31, s = (e >> 5) % kKSteps, mt = e / (32 * kKSteps);
    const int r = 16 * mt + (l >> 2), c = 8 * s + (l & 3);
    const float x[4] = {praw[r * kKeys + c], praw[(r + 8) * kKeys + c], praw[r * kKeys + c + 4],
                        praw[(r + 8) * kKeys + c + 4]};
    float big[4], small[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      std::uint32_t bi, si;
      split_tf32<kSplit>(x[i], bi, si);
      big[i] = __uint_as_float(bi), small[i] = __uint_as_float(si);
    }
    pfrag[e] = make_float4(big[0], big[1], big[2], big[3]);
    pfrag[kPFragFloats / 8 + e] = make_float4(small[0], small[1], small[2], small[3]);
  }
}

// Phase 3 of one warp: `steps` 32-dim groups of O from d3 on; vg holds the
// first group's V, each next group loads while the last computes.
__device__ __forceinline__ void pv_groups(VGroup& vg, const float* v, const float4* pfrag, float* o,
                                          const AttentionProblem& p, int rows, int d3, int steps, int lane) {
  for (int s = 0; s < steps; ++s) {
    VGroup next;
    if (s + 1 < steps) load_v(next, v, p.D, p.Sk, d3 + kStepDims * (s + 1), lane);
    group_products_store(vg, pfrag, o, p.D, rows, d3 + kStepDims * s, lane);
    vg = next;
  }
}

// The block's cluster work: query rows row0.. (rows of them, at most kRows)
// of head blockIdx.z, and where its Q rows, its kv head's K and V, and its
// O rows start.
struct RowGroup {
  int row0, rows;
  const float *q, *k, *v;
  float* o;
  __device__ __forceinline__ explicit RowGroup(const AttentionProblem& p) {
    row0 = blockIdx.y * kRows;
    const int bh = blockIdx.z, h = bh % p.Hq, b = bh / p.Hq;
    const int kv_bh = b * p.Hkv + h / (p.Hq / p.Hkv);
    const int D = p.D;
    rows = min(kRows, p.Sq - row0);
    q = p.q + (std::size_t(bh) * p.Sq + row0) * D;
    k = p.k + std::size_t(kv_bh) * p.Sk * D;
    v = p.v + std::size_t(kv_bh) * p.Sk * D;
    o = p.out + (std::size_t(bh) * p.Sq + row0) * D;
  }
};

template <class Pe, int kWarps>
__global__ void __launch_bounds__(kWarps * 32, 1) cluster_kernel(const AttentionProblem p, const Pe pe) {
  constexpr int kThreads = kWarps * 32;
  extern __shared__ float4 smem4[];
  float* const smem = reinterpret_cast<float*>(smem4);
  float* const wparts = smem;                               // [kWarps][kRows][kLdPart]
  float* const part = smem + kWarpPartFloats<kWarps>;       // [kRows][kKeys]
  float* const praw = part + kRows * kKeys;                 // [kRows][kKeys]
  float4* const pfrag = smem4;                              // aliases wparts

  cg::cluster_group cluster = cg::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank()), cl = static_cast<int>(cluster.num_blocks());
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  const RowGroup rg(p);
  const int D = p.D, row0 = rg.row0, rows = rg.rows;
  const float *q = rg.q, *k = rg.k, *v = rg.v;
  float* o = rg.o;
  const int steps = D / (cl * kWarps * kStepDims);  // phase-1 steps = phase-3 groups per warp

  // ------------------------------------------------------------ phase 1
  float acc[kMTiles][kNTiles][4] = {};
  partial_scores(acc, p, pe, q, k, rows, row0, rank * kWarps + warp, cl * kWarps, steps, lane);

  // The first group of V: its loads fly through the reduction.
  const int d3 = (rank * kWarps + warp) * (D / (cl * kWarps));
  VGroup vg;
  load_v(vg, v, D, p.Sk, d3, lane);

  // ------------------------------------------------------------ reduce, softmax
  store_warp_partial(wparts + warp * kRows * kLdPart, acc, lane);
  __syncthreads();
  for (int e = tid; e < kRows * kKeys; e += kThreads) {
    const int r = e / kKeys, c = e % kKeys;
    float sum = 0.f;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) sum += wparts[(w * kRows + r) * kLdPart + c];
    part[e] = sum;
  }
  cluster.sync();  // every rank's partial is complete
  const int rows_per_rank = kRows / cl;
  for (int i = rank * rows_per_rank + warp; i < (rank + 1) * rows_per_rank; i += kWarps) {
    bool vis[2];
    visible_keys(vis, p, row0 + i, lane);
    float sv[2];
#pragma unroll
    for (int c = 0; c < 2; ++c) {
      double sum = 0.0;
      if (vis[c])
        for (int rr = 0; rr < cl; ++rr) sum += double(cluster.map_shared_rank(part, rr)[i * kKeys + lane + 32 * c]);
      sv[c] = vis[c] ? float(sum * double(p.scale)) : MaxOp::identity();
    }
    softmax_pair(sv, vis);
#pragma unroll
    for (int c = 0; c < 2; ++c)
      for (int rr = 0; rr < cl; ++rr) cluster.map_shared_rank(praw, rr)[i * kKeys + lane + 32 * c] = sv[c];
  }
  cluster.sync();  // every P row is in every rank; no DSMEM access after this

  // ------------------------------------------------------------ phase 3
  split_p_fragments<kThreads>(praw, pfrag, tid);
  __syncthreads();
  pv_groups(vg, v, pfrag, o, p, rows, d3, steps, lane);
}

// The cluster size and warps for p (0 warps: not supported).
struct Plan {
  int cl, warps;
};

// Lets kernel take `smem` bytes of dynamic shared memory and clusters of up
// to 16 blocks, then asks how many clusters of cl blocks of it the device
// holds at once (host calls, legal in capture; callers ask once).
template <class... Params>
inline int cluster_fit(void (*kernel)(Params...), int cl, int threads, std::size_t smem) {
  set_max_dynamic_smem(kernel, int(smem));
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel),
                                          cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  return max_active_clusters(reinterpret_cast<const void*>(kernel), cl, threads, smem);
}

// How many clusters of cl blocks (8 or 16) of the kernel the device holds at
// once; asked once per instantiation.
template <class Pe, int kWarps>
inline int max_clusters(int cl) {
  static const std::array<int, 2> fit = [] {
    const auto kernel = &cluster_kernel<Pe, kWarps>;
    return std::array<int, 2>{cluster_fit(kernel, 8, kWarps * 32, kSmemBytes<kWarps>),
                              cluster_fit(kernel, 16, kWarps * 32, kSmemBytes<kWarps>)};
  }();
  return fit[cl == kMaxCluster];
}

template <class Pe>
inline Plan make_plan(const AttentionProblem& p) {
  if (p.Sq > kKeys || p.Sk > kKeys) return {0, 0};
  const int clusters = p.B * p.Hq * ceil_div(p.Sq, kRows);
  for (int cl = kMaxCluster; cl >= 8; cl /= 2) {
    const int warps = p.D % (cl * 8 * kStepDims) == 0 ? 8 : p.D % (cl * 4 * kStepDims) == 0 ? 4 : 0;
    if (warps == 0) continue;
    const int fit = warps == 8 ? max_clusters<Pe, 8>(cl) : max_clusters<Pe, 4>(cl);
    if (fit >= clusters || (cl == 8 && fit >= 1)) return {cl, warps};
  }
  return {0, 0};
}

template <class Pe>
inline bool supports(const AttentionProblem& p) {
  return make_plan<Pe>(p).warps != 0;
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, cudaStream_t stream) {
  const Plan pl = make_plan<Pe>(p);
  const dim3 grid(unsigned(pl.cl), unsigned(ceil_div(p.Sq, kRows)), unsigned(p.B * p.Hq));
  if (pl.warps == 8)
    launch_clustered(pl.cl, &cluster_kernel<Pe, 8>, grid, dim3(256), kSmemBytes<8>, stream, p, pe);
  else
    launch_clustered(pl.cl, &cluster_kernel<Pe, 4>, grid, dim3(128), kSmemBytes<4>, stream, p, pe);
}

// v046 where it applies, else the fallback (launch(p, workspace, stream)).
template <class Pe, class Fallback>
inline void launch_or(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream,
                      Fallback&& fallback) {
  if (supports<Pe>(p))
    launch_with(p, pe, stream);
  else
    fallback(p, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return direct_o_stores::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  launch_or(p, split_d::NoPe{}, workspace, stream, &direct_o_stores::launch);
}

}  // namespace fuselab::kernels::attention::cluster_registers
