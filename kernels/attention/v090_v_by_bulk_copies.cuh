// attention v090 — v082 with phase 3's V landed by bulk copies (the copy
// engine) instead of cp.async. The split-D timeline (probe
// fuselab_probe_split_d_timeline, calls 1107Z and 1116Z of 2026-11-26) at
// 1x4x64x16384, cold: phase 3's blocks begin at 24.0 us; issuing their V
// (64 KB a block, 16 cp.async a thread) holds their threads until ~31.4 us,
// 8 us after P was complete; V's second step lands at 35.3 us (median), so
// 16.8 MB arrive at ~1.5 TB/s, against the ~2.6 TB/s of reads and write-back
// DRAM carries in phase 1. v089 sent V to L2 earlier and phase 1's last
// blocks lost what phase 3 gained: what limits phase 3's reads is their
// path, not DRAM's spare time.
//   phase 3: warp 0 puts each step's V in flight as one 1-D bulk copy per
//            key row (min(128, D - d) dims) into v028's padded V buffer,
//            counted on the buffer's mbarrier; the other threads go on at
//            once to wait for P. Rows past Sk are zeroed once (no copy
//            writes them). Products (3xFP16) and O stores: v082's.
//   phases 1 and 2: v082's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/tma.cuh"

namespace fuselab::kernels::attention::v090 {

using v002::kS;
using v002::kThreads;
using v019::kDims;
using v024::kLdV;

// Phase 3, v028's kernel (kDirectO, 3xFP16 from PSource's halves) with V by
// bulk copies; PSource's marks as v028's (the timeline probe).
template <class PSource>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_bulk_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  __shared__ __align__(8) std::uint64_t landed[2];  // a V buffer's copies are complete
  float* pbig = smem;                               // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * v019::kPFloats;
  const int bh = blockIdx.y, tid = threadIdx.x;
  const v024::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  v028::mark<PSource>(v028::kMarkStart);
  if (tid == 0) {
    mbarrier_init(&landed[0], 1);
    mbarrier_init(&landed[1], 1);
    fence_mbarrier_init();
  }
  for (int e = p.Sk * kLdV + tid; e < kS * kLdV; e += kThreads) vbuf[e] = vbuf[v028::kVFloats + e] = 0.f;
  __syncthreads();  // the mbarriers are initialised
  // Step s into buffer (s - s_begin) % 2, by warp 0.
  auto issue = [&](int s) {
    if (s >= s_end || tid >= 32) return;
    const int b = (s - s_begin) & 1, d = s * kDims;
    const unsigned row_bytes = unsigned(min(kDims, p.D - d)) * sizeof(float);
    if (tid == 0) mbarrier_expect_tx(&landed[b], row_bytes * unsigned(p.Sk));
    for (int key = tid; key < p.Sk; key += 32)
      bulk_load(vbuf + b * v028::kVFloats + key * kLdV, steps.vbase + std::size_t(key) * p.D + d, row_bytes,
                &landed[b]);
  };
  issue(s_begin);  // V does not depend on phase 2
  issue(s_begin + 1);
  cudaGridDependencySynchronize();  // P is complete and visible
  PSource::put(p, P, bh, pbig);
  fence_proxy_async_shared();
  __syncthreads();  // P is split
  for (int s = s_begin; s < s_end; ++s) {
    const int i = s - s_begin;
    mbarrier_wait(&landed[i & 1], unsigned(i >> 1) & 1u);
    v028::mark<PSource>(v028::kMarkLanded + i);
    float acc[32];
    steps.products_f16<typename PSource::Layout>(vbuf + (i & 1) * v028::kVFloats, pbig, acc);
    steps.store_o_direct(acc, s);
    if (s + 2 < s_end) {
      __syncthreads();  // every warpgroup is done with this V buffer
      issue(s + 2);
    }
  }
  v028::mark<PSource>(v028::kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v019::launch_wgmma_pv(&pv_bulk_kernel<PSource>, v028::kSmemBytes, p, pl, P, stream);
}

inline constexpr auto kPhase3 = &pv_bulk_kernel<v082::CoherentHalfSplitOfP>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, v082::CoherentHalfSplitOfP, v050::TriggeredPartialsOut,
                       &launch_pv<v082::CoherentHalfSplitOfP>>(p, pe, v002::make_plan<Pe::kPaired>(p), workspace,
                                                               stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v090::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v090
