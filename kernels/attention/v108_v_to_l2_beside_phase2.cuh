// attention v108 — v103 with phase 3's blocks resident beside phase 2's,
// each sending its own V to L2 as it begins. v106 (every kernel at the
// largest shared-memory carveout) let phase 3's blocks become resident from
// 18.3 us (timeline of v107, call 2347Z of 2026-11-26, D = 16384; v103's
// began at 23.9-24.6), but their wait for P ended no sooner (24.61 us, 0.5
// us after phase 2's last block), so they sat idle for up to 6 us while
// DRAM had only phase 2's few bytes to move (phase 1 complete at ~21.6,
// phase 3's V copies from ~24.6). Rope neox lost 5-7 % with phase 1 at
// that carveout (v122) and interleaved did not; here phase 1 keeps its own.
//   phase 1: v103's (v050's kernel, its carveout untouched);
//   phase 2: v050's rows (v106's instantiation) at the largest carveout;
//   phase 3: pv_prefetching_kernel at the largest carveout: v103's phase 3
//            (v028::pv_kernel's path for a source that fetches P, with v082's
//            3xFP16 products and O from the accumulators), where the first
//            64 threads each send one key row of the block's V dims to L2
//            (one bulk prefetch, v017::prefetch_v_dims) before the wait for
//            P; the copies that follow P then find V in L2 or on its way.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/attention/v106_max_shared_carveout.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v108 {

using v002::kThreads;

// PSource: v103's interface (fetch P by copies, store its split), with
// v028's optional marks.
template <class PSource>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_prefetching_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
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
  v017::prefetch_v_dims(p, bh, s_begin * v019::kDims, min(p.D, s_end * v019::kDims));  // V does not depend on P
  cudaGridDependencySynchronize();  // P is complete and visible
  const typename PSource::Fetched fetched = PSource::fetch(p, P, bh);
  load_or_skip(s_begin);  // behind P's copies
  load_or_skip(s_begin + 1);
  PSource::store(p, fetched, pbig);
  fence_proxy_async_shared();
  for (int s = s_begin; s < s_end; ++s) {
    cp_async_wait<1>();
    __syncthreads();  // V of step s (and, the first time, P) is complete
    v028::mark<PSource>(v028::kMarkLanded + (s - s_begin));
    float acc[32];
    steps.products_f16<typename PSource::Layout>(vbuf + ((s - s_begin) & 1) * v028::kVFloats, pbig, acc);
    steps.store_o_direct(acc, s);
    if (s + 2 < s_end) __syncthreads();  // every warpgroup is done with this V buffer
    load_or_skip(s + 2);
  }
  v028::mark<PSource>(v028::kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v106::prefer_max_shared(&pv_prefetching_kernel<PSource>);
  v019::launch_wgmma_pv(&pv_prefetching_kernel<PSource>, v028::kSmemBytes, p, pl, P, stream);
}

// v050::launch_planned with phases 2 and 3 at the largest carveout (the
// timeline probe passes stamped policies).
template <class Pe, template <class> class Loader, class Out, class RowHooks, class PSource>
inline void launch_planned(const AttentionProblem& p, const Pe& pe, const v002::Plan& pl, void* workspace,
                           cudaStream_t stream) {
  v106::prefer_max_shared(&v050::row_softmax_kernel<true, RowHooks>);
  v106::prefer_max_shared(&v050::row_softmax_kernel<false, RowHooks>);
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, Out, &launch_pv<PSource>, RowHooks>(
      p, pe, pl, workspace, stream);
}

inline constexpr auto kPhase3 = &pv_prefetching_kernel<v103::CopiedHalfSplitOfP>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v108::launch_planned<Pe, Loader, v050::TriggeredPartialsOut, v106::MaxSharedRows, v103::CopiedHalfSplitOfP>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v108::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v108
