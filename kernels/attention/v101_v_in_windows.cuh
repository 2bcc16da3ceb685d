// attention v101 — v082 with phase 3's V requested in windows of half a
// step, so that P's loads wait behind little V. In v082 each phase-3 block
// asks for its whole V (64 KB at D = 16384, two per SM) as it begins; its
// threads are held issuing those copies for ~7 us (4.5 at 8192), and P's
// loads, issued after them, land at 32.7 us (median block, timeline of
// 2026-11-26 1107Z), 8.7 us after phase 3 began. The products and O's
// stores start only then. Issuing P first in the block (v098) did not help:
// the SM's other block had already filled the queue.
//   phase 3: each block asks for the first half of its first V step (32
//            keys x 128 dims, 16 KB) as it begins, then (after the grid
//            wait) for P, and splits P into shared memory once it lands.
//            Only then does the next half go out; from there a block keeps
//            two halves (32 KB) in flight, asking for the next as its
//            oldest lands. The products and O's stores are v082's, step by
//            step as each step's two halves have landed.
//   phases 1 and 2: v082's.
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
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v101 {

using v002::kS;
using v002::kThreads;

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Half `half` of V's step s (keys 32 half .. 32 half + 31) into dst, one
// cp.async group: PvSteps::load_lean's pieces r = 4 half .. 4 half + 3.
__device__ __forceinline__ void load_half(const v024::PvSteps& steps, int s, int half, float* dst) {
  constexpr int kKeysPerRep = kThreads / 32, kRepsPerHalf = kS / 2 / kKeysPerRep;
  const int key0 = (threadIdx.x >> 5) + kS / 2 * half, c = threadIdx.x & 31, d = s * v019::kDims + 4 * c;
  const bool dim_ok = d < steps.D;
  const float* src = steps.vbase + std::size_t(key0) * steps.D + d;
  const std::size_t stride = std::size_t(kKeysPerRep) * steps.D;
  float* to = dst + key0 * v024::kLdV + 4 * c;
#pragma unroll
  for (int r = 0; r < kRepsPerHalf; ++r, src += stride) {
    const bool valid = dim_ok && key0 + kKeysPerRep * r < steps.Sk;
    cp_async16(to + kKeysPerRep * r * v024::kLdV, valid ? src : steps.vbase, valid);
  }
  cp_async_commit();
}
#endif

// PSource: v098's interface (fetch P into registers, store its split), with
// v028's optional marks.
template <class PSource>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_windowed_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * v019::kPFloats;
  const int bh = blockIdx.y;
  const v024::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  const int halves = 2 * (s_end - s_begin);
  // Half h of the block's V: step s_begin + h / 2 into buffer (h / 2) % 2.
  // One cp.async group per half, empty past the last, so that the waits
  // below count the same everywhere.
  auto ask = [&](int h) {
    if (h < halves) load_half(steps, s_begin + h / 2, h & 1, vbuf + ((h >> 1) & 1) * v028::kVFloats);
    else cp_async_commit();
  };
  v028::mark<PSource>(v028::kMarkStart);
  ask(0);                           // V does not depend on phase 2
  cudaGridDependencySynchronize();  // P is complete and visible
  const typename PSource::Fetched fetched = PSource::fetch(p, P, bh);
  PSource::store(p, fetched, pbig);  // P's loads queue behind one half of V a block
  ask(1);
  fence_proxy_async_shared();
  for (int s = s_begin; s < s_end; ++s) {
    const int h = 2 * (s - s_begin);
    cp_async_wait<1>();  // half h has landed
    ask(h + 2);          // into the other buffer, free since the last iteration's barrier
    cp_async_wait<1>();  // half h + 1 has landed
    ask(h + 3);
    __syncthreads();  // V of step s (and, the first time, P) is complete
    v028::mark<PSource>(v028::kMarkLanded + (s - s_begin));
    float acc[32];
    steps.products_f16<typename PSource::Layout>(vbuf + ((s - s_begin) & 1) * v028::kVFloats, pbig, acc);
    steps.store_o_direct(acc, s);
    __syncthreads();  // every warpgroup is done with this V buffer before it is asked for again
  }
  v028::mark<PSource>(v028::kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v019::launch_wgmma_pv(&pv_windowed_kernel<PSource>, v028::kSmemBytes, p, pl, P, stream);
}

inline constexpr auto kPhase3 = &pv_windowed_kernel<v098::FetchedHalfSplitOfP>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, v098::FetchedHalfSplitOfP, v050::TriggeredPartialsOut,
                       &launch_pv<v098::FetchedHalfSplitOfP>>(p, pe, v002::make_plan<Pe::kPaired>(p), workspace,
                                                              stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v101::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v101
