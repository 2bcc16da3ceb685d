// attention v010 — v009 (tensor-core split-D, one cooperative launch,
// interleaved tiles) with phase 1's operands split ONCE per element. ncu of
// v007's phase 1 showed it issue-latency-bound (7.3 cycles per instruction,
// 3.7 warps per scheduler, ~600 instructions per warp per tile) with the
// tensor and memory pipes mostly idle: every warp re-loaded and re-split the
// Q (2 warps) and K (4 warps) elements it shares with other warps, ~5
// instructions per mma. Here each landed tile is split into tf32 big/small
// parts once (the PE applied on the way) and stored in fragment order, so a
// warp's k-step is 2 LDS.128 + 8 LDS.64 + 12 mma.
// The softmax takes a block per score row when the grid has at least half as
// many blocks as rows (v009), else a warp per row (v008).
// Limits: v007's. Workspace: v007's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v008_mma_one_launch.cuh"

namespace fuselab::kernels::attention::v010 {

using v007::kS;
using v007::kStage1Floats;
using v007::kThreads;
using v007::kTile;

struct Sched {  // interleaved tiles, a 3-stage raw ring, the PE in the split pass
  static constexpr bool kInterleaved = true, kPeAhead = false;
  static constexpr int kStages = 3;
};
inline constexpr int kKsteps = kTile / 8;
inline constexpr int kFragFloats = kS * kTile;  // one operand's big (or small) parts
inline constexpr std::size_t kSmemBytes =
    v007::smem_bytes<Sched>() + std::size_t(4 * kFragFloats) * sizeof(float);

template <class Pe>
__device__ __forceinline__ void partial_scores_presplit(const AttentionProblem& p, const Pe& pe,
                                                        const v007::BlockWork& w, float* smem,
                                                        float* __restrict__ part_out) {
  constexpr int kStages = Sched::kStages;
  const v007::QkTiles<Pe> tiles(p, pe, w);
  float* qb = smem + kStages * kStage1Floats;  // Q big, Q small, K big, K small
  float* qs = qb + kFragFloats;
  float* kb = qs + kFragFloats;
  float* ks = kb + kFragFloats;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int mt = warp & 3, nt0 = 4 * (warp >> 2);

  double accd[4][4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) accd[j][e] = 0.0;

  const int n = w.count;
#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < n) tiles.issue(w.tile(s), smem + s * kStage1Floats);
    cp_async_commit();
  }
  for (int it = 0; it < n; ++it) {
    cp_async_wait<kStages - 2>();
    __syncthreads();  // tile it landed; the previous tile's mma is done with the fragments
    if (it + kStages - 1 < n)
      tiles.issue(w.tile(it + kStages - 1), smem + ((it + kStages - 1) % kStages) * kStage1Floats);
    cp_async_commit();
    tiles.for_each_landed(w.tile(it), smem + (it % kStages) * kStage1Floats,
                          [&](int row, int col, float4 x) {
                            const float v[4] = {x.x, x.y, x.z, x.w};
#pragma unroll
                            for (int e = 0; e < 4; ++e) {
                              if (row < kS) split_store(v[e], qb, qs, a_frag_pos(row, col + e, kKsteps));
                              else split_store(v[e], kb, ks, b_frag_pos_nk(row - kS, col + e, kKsteps));
                            }
                          });
    __syncthreads();
    float acc[4][4] = {};
#pragma unroll
    for (int k8 = 0; k8 < kKsteps; ++k8) {
      const SplitTf32<4> a = load_a_split(qb, qs, mt, k8, kKsteps, lane);
#pragma unroll
      for (int j = 0; j < 4; ++j) mma_3xtf32(acc[j], a, load_b_split(kb, ks, nt0 + j, k8, kKsteps, lane));
    }
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) accd[j][e] += double(acc[j][e]);
  }
  cp_async_wait<0>();
  v007::store_partial(accd, part_out, 16 * mt, 8 * nt0, lane);
}

struct Design {
  using Sched = v010::Sched;
  static constexpr std::size_t kSmemBytes = v010::kSmemBytes;
  template <class Pe>
  __device__ static void partial_scores(const AttentionProblem& p, const Pe& pe,
                                        const v007::BlockWork& w, float* smem, float* part_out) {
    partial_scores_presplit(p, pe, w, smem, part_out);
  }
  __device__ static void softmax(const AttentionProblem& p, const v007::Plan& pl, const float* part,
                                 float* P, float* smem) {
    if (2 * int(gridDim.x) >= p.B * p.Hq * p.Sq)
      v007::softmax_rows_by_block(p, pl, part, P, blockIdx.x, gridDim.x, reinterpret_cast<double*>(smem));
    else
      v008::softmax_warp_rows(p, pl, part, P);
  }
};

// The kernel this version launches, per PE hook (for the experiment's records).
template <class Pe>
inline constexpr auto kernel = &v008::one_launch_kernel<Pe, Design>;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  v008::launch_design<Design>("attention v010", p, pe, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v010::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v010
