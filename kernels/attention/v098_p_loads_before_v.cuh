// attention v098 — v082 with phase 3's P loads issued ahead of its V. The
// split-D timeline (calls 1107Z, 1358Z of 2026-11-26) had P in shared memory
// only at 33.3 us (median block, D = 16384), 9 us after phase 3 began: P's
// loads are issued after the block's 64 KB of V copies and wait behind them.
// The products (~1.7 us of an SM's dense fp16 tensor time for both steps at
// 16384; the hypothesis said >= 3.4, from half that rate) then start only
// as P lands. The phase-3 traffic probe, phase 3
// timed after a read of Q and K as in the pipeline (call 1535Z): v082's
// phase 3 with P made in shared memory instead of read ran 3.7-4.5 us faster
// than with P read, at 16384 and 8192.
//   phase 3: at D >= 8192 its blocks become resident only as phase 2's
//            leave, so P is complete when they begin; each block waits for
//            the grid (no wait in practice), issues its P loads into
//            registers, then puts V in flight, then splits P into its fp16
//            parts in shared memory (v028's FetchesP). P's values and the
//            products are v082's.
//   phases 1 and 2: v082's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::kernels::attention::v098 {

using v002::kS;

// v082's P source as fetch (P's float4s into registers, through L2) and
// store (split into fp16 parts, kPFloats apart, in HalfDense64).
struct FetchedHalfSplitOfP {
  static constexpr bool kHalves = true;
  using Layout = v082::HalfDense64;
  static constexpr int kPerThread = kS * kS / 4 / v002::kThreads;
  struct Fetched {
    float4 x[kPerThread];
  };
  __device__ static int row(int r) { return (threadIdx.x + v002::kThreads * r) & 63; }
  __device__ static int col4(int r) { return (threadIdx.x + v002::kThreads * r) >> 6; }
  __device__ static Fetched fetch(const AttentionProblem& p, const float* P, int bh) {
    const float* src = P + std::size_t(bh) * kS * kS;
    Fetched f;
#pragma unroll
    for (int r = 0; r < kPerThread; ++r)
      f.x[r] = row(r) < p.Sq ? v019::ld4_maybe_coherent<true>(src + row(r) * kS + 4 * col4(r)) : zero4();
    return f;
  }
  __device__ static void store(const AttentionProblem&, const Fetched& f, float* pbig) {
#pragma unroll
    for (int r = 0; r < kPerThread; ++r)
      put_split_f16(pbig, pbig + v019::kPFloats, Layout::offset_halves(row(r), 4 * col4(r)), f.x[r]);
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, FetchedHalfSplitOfP, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, FetchedHalfSplitOfP>(p, pe, v002::make_plan<Pe::kPaired>(p),
                                                                             workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v098::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v098
