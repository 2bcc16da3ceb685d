// attention v109 — v103 with phase 3's O leaving by bulk copies from shared
// memory instead of stores from the accumulators. In v103's phase 3 every
// thread stores its 32 accumulators one float at a time (store_o_direct: a
// warp instruction writes 32-byte runs of 4 queries), 256 warp instructions
// a block per step, after the step's products; in its timeline (call 2359Z
// of 2026-11-26, D = 16384) a block is done 1.5-1.7 us after its last V step
// has landed, and splitting the products in two (v107) took ~0.4 us off
// that in the timeline but nothing off the paired time.
//   phase 3: v103's (P by copies ahead of V, 3xFP16 products), then per
//            step: O^T staged in the step's V buffer as rows of queries
//            (v024::PvSteps::store_o's layout), and warp 0 sends each query
//            row (128 dims, 512 bytes) to O with one bulk copy; the buffer
//            is written again only after the copies have read it.
//   phases 1 and 2: v103's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/tma.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v109 {

using v002::kThreads;

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Step s's O^T (acc) staged at staging as rows of queries, kLdO apart
// (v024::PvSteps::store_o's layout, without its stores).
__device__ __forceinline__ void stage_o(const float (&acc)[32], float* staging) {
  const int tid = threadIdx.x, wg = tid >> 7, lane = tid & 31, w = (tid >> 5) & 3;
  const int t = lane & 3, dl = 64 * wg + 16 * w + (lane >> 2);
#pragma unroll
  for (int j = 0; j < 8; ++j)
#pragma unroll
    for (int r = 0; r < 4; ++r)
      staging[(8 * j + 2 * t + (r & 1)) * v024::kLdO + dl + 8 * (r >> 1)] = acc[4 * j + r];
}
#endif

// PSource: v103's interface (fetch P by copies, store its split), with
// v028's optional marks.
template <class PSource>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_bulk_o_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * v019::kPFloats;
  const int bh = blockIdx.y;
  const v024::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  // One cp.async group per step slot, empty where there is no step, so that
  // at step s exactly one younger group (step s + 1) may still be pending.
  auto load_or_skip = [&](int s) {
    if (s < s_end) steps.load_lean(s, vbuf + ((s - s_begin) & 1) * v028::kVFloats);
    else cp_async_commit();
  };
  v028::mark<PSource>(v028::kMarkStart);
  cudaGridDependencySynchronize();  // P is complete and visible
  const typename PSource::Fetched fetched = PSource::fetch(p, P, bh);
  load_or_skip(s_begin);  // behind P's copies
  load_or_skip(s_begin + 1);
  PSource::store(p, fetched, pbig);
  fence_proxy_async_shared();
  for (int s = s_begin; s < s_end; ++s) {
    float* v = vbuf + ((s - s_begin) & 1) * v028::kVFloats;
    cp_async_wait<1>();
    __syncthreads();  // V of step s (and, the first time, P) is complete
    v028::mark<PSource>(v028::kMarkLanded + (s - s_begin));
    float acc[32];
    steps.products_f16<typename PSource::Layout>(v, pbig, acc);
    __syncthreads();  // every warpgroup is done reading this V buffer
    stage_o(acc, v);
    fence_proxy_async_shared();  // the staged rows, written by this thread, are visible to the bulk copies
    __syncthreads();
    if (threadIdx.x < 32) {
      const int d0 = s * v019::kDims;
      const unsigned bytes = unsigned(min(v019::kDims, steps.D - d0)) * sizeof(float);
      for (int q = threadIdx.x; q < steps.Sq; q += 32)
        bulk_store(steps.obase + std::size_t(q) * steps.D + d0, v + q * v024::kLdO, bytes);
      bulk_commit();
      if (s + 2 < s_end) bulk_wait_read<0>();  // the buffer takes step s + 2's V next
    }
    if (s + 2 < s_end) __syncthreads();
    load_or_skip(s + 2);
  }
  if (threadIdx.x < 32) bulk_wait_read<0>();  // shared memory stays until the copies have read it
  v028::mark<PSource>(v028::kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v019::launch_wgmma_pv(&pv_bulk_o_kernel<PSource>, v028::kSmemBytes, p, pl, P, stream);
}

inline constexpr auto kPhase3 = &pv_bulk_o_kernel<v103::CopiedHalfSplitOfP>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  using PSource = v103::CopiedHalfSplitOfP;
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, v050::TriggeredPartialsOut, &launch_pv<PSource>>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v109::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v109
