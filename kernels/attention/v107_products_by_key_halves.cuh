// attention v107 — v106 with each phase-3 step's V in two cp.async groups
// (keys 0-31, keys 32-63) and the products of a half as it lands. In v103's
// timeline (call 1728Z of 2026-11-26, D = 16384) a block is done 1.5-1.8 us
// after its last V step has landed (latest block: 35.71 -> 37.18 us): the
// step's products (four k-steps of 16 keys, each three dependent fp16
// wgmma on one accumulator, in two batches with a wait between) and O's
// stores all follow the step's last byte. Here the first batch (keys 0-31,
// asked for first) runs while the second half is still landing, so only
// half of the products is left after the last byte.
//   phase 3: after the grid wait, P's copies (v103's, one group), then V's
//            two steps as four groups of half a step (v101::load_half);
//            P is split once its group has landed (the four V groups may
//            be pending); per step, the products of keys 0-31 once they
//            have landed, then of keys 32-63, then O's stores (v082's).
//   phases 1 and 2, and the carveouts: v106's.
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
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v101_v_in_windows.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/attention/v106_max_shared_carveout.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_f16.cuh"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v107 {

using v002::kS;
using v002::kThreads;

// v103's P copies, split once P's group has landed with V's four younger
// groups still allowed to be pending (v103's store allows two).
struct CopiedP : v103::CopiedHalfSplitOfP {
  __device__ static void store(const AttentionProblem&, const Fetched&, float* pbig) {
    cp_async_wait<4>();  // P's group
    __syncthreads();     // every thread's copies of P have landed
    float4 x[kPerThread];
#pragma unroll
    for (int r = 0; r < kPerThread; ++r) x[r] = *reinterpret_cast<const float4*>(raw_row(pbig, row(r)) + 4 * col4(r));
#pragma unroll
    for (int r = 0; r < kPerThread; ++r)
      put_split_f16(pbig, pbig + v019::kPFloats, Layout::offset_halves(row(r), 4 * col4(r)), x[r]);
  }
};

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// PvSteps::products_f16's batch `half` (k-steps 2 half and 2 half + 1: keys
// 32 half .. 32 half + 31), added to acc.
template <class HalfLayout>
__device__ __forceinline__ void products_f16_half(const v024::PvSteps& steps, const float* v, const float* pbig,
                                                  float (&acc)[32], int half) {
  std::uint32_t abig[2][4], asmall[2][4];
#pragma unroll
  for (int kk = 0; kk < 2; ++kk) steps.load_a_f16(v, 2 * half + kk, abig[kk], asmall[kk]);
  wgmma_fence_operands(acc);
  wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < 2; ++kk) {
    const int k = 2 * half + kk;
    const std::uint64_t pb = HalfLayout::desc(pbig, k), ps = HalfLayout::desc(pbig + v019::kPFloats, k);
    wgmma_m64n64k16_f16_ra(acc, asmall[kk], pb);  // small terms first
    wgmma_m64n64k16_f16_ra(acc, abig[kk], ps);
    wgmma_m64n64k16_f16_ra(acc, abig[kk], pb);
  }
  wgmma_commit();
  wgmma_wait<0>();
#pragma unroll
  for (int kk = 0; kk < 2; ++kk) {
    wgmma_fence_operands(abig[kk]);
    wgmma_fence_operands(asmall[kk]);
  }
  wgmma_fence_operands(acc);
}
#endif

// PSource: CopiedP's interface (fetch P by copies, store its split), with
// v028's optional marks ("V landed": a step's second half).
template <class PSource>
__global__ void __launch_bounds__(kThreads, v019::kBlocksPerSm)
    pv_halves_kernel(const AttentionProblem p, const float* P, int nsub, int spb) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  float* pbig = smem;  // then P small, then V buffers 0 and 1
  float* vbuf = smem + 2 * v019::kPFloats;
  const int bh = blockIdx.y;
  const v024::PvSteps steps(p, bh, vbuf, vbuf);
  const int s_begin = blockIdx.x * spb, s_end = min(nsub, s_begin + spb);
  // Step s's two halves as two cp.async groups, empty past the last step,
  // so that the waits below count the same everywhere.
  auto ask = [&](int s) {
#pragma unroll
    for (int half = 0; half < 2; ++half) {
      if (s < s_end) v101::load_half(steps, s, half, vbuf + ((s - s_begin) & 1) * v028::kVFloats);
      else cp_async_commit();
    }
  };
  v028::mark<PSource>(v028::kMarkStart);
  cudaGridDependencySynchronize();  // P is complete and visible
  const typename PSource::Fetched fetched = PSource::fetch(p, P, bh);
  ask(s_begin);  // behind P's copies
  ask(s_begin + 1);
  PSource::store(p, fetched, pbig);
  fence_proxy_async_shared();
  for (int s = s_begin; s < s_end; ++s) {
    const float* v = vbuf + ((s - s_begin) & 1) * v028::kVFloats;
    float acc[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = 0.f;
    cp_async_wait<3>();  // keys 0-31 of step s; its second half and step s + 1 may be pending
    __syncthreads();
    products_f16_half<typename PSource::Layout>(steps, v, pbig, acc, 0);
    cp_async_wait<2>();  // keys 32-63
    __syncthreads();
    v028::mark<PSource>(v028::kMarkLanded + (s - s_begin));
    products_f16_half<typename PSource::Layout>(steps, v, pbig, acc, 1);
    steps.store_o_direct(acc, s);
    if (s + 2 < s_end) __syncthreads();  // every warpgroup is done with this V buffer
    ask(s + 2);
  }
  v028::mark<PSource>(v028::kMarkDone);
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class PSource>
inline void launch_pv(const AttentionProblem& p, const v002::Plan& pl, const float* P, cudaStream_t stream) {
  v106::prefer_max_shared(&pv_halves_kernel<PSource>);
  v019::launch_wgmma_pv(&pv_halves_kernel<PSource>, v028::kSmemBytes, p, pl, P, stream);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline constexpr auto kPhase1 = v106::kPhase1<Pe, Loader>;
inline constexpr auto kPhase3 = &pv_halves_kernel<CopiedP>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v106::launch_planned<Pe, Loader, v106::MaxSharedOut, v106::MaxSharedRows, CopiedP, &launch_pv<CopiedP>>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v107::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v107
