// attention v102 — v098 with a barrier between phase 3's P loads and its V
// copies. v098 issues each thread's P loads before its V copies, yet P
// still landed ~7 us after phase 3 began (timeline 1545Z). The probe
// fuselab_probe_p_read (calls 1714Z, 1720Z of 2026-11-26) says why: a grid
// shaped as phase 3 reads its 16 KB of P in ~0.4 us after a read of Q and K,
// also while other SMs copy V; behind its own 64 KB of V copies P lands
// 6.2 us later, and it does the same when each thread asks for P first
// (6.4 us): the warps interleave, so most of the block's P requests still
// queue behind other warps' V in the SM. With a barrier after the P loads
// (issued, not waited for) P landed 0.06-0.7 us after the V copies were
// issued, and V landed as before (7.7 us).
//   phase 3: v098's, with __syncthreads() after P's loads are issued;
//   phases 1 and 2: v082's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v102 {

// v098's P source; fetch() returns once every thread of the block has
// issued its P loads, so that no V copy of the block is asked for before
// any of them.
struct FetchedThenBarrier : v098::FetchedHalfSplitOfP {
  __device__ static Fetched fetch(const AttentionProblem& p, const float* P, int bh) {
    const Fetched f = v098::FetchedHalfSplitOfP::fetch(p, P, bh);
    __syncthreads();  // P's loads issued by every warp (not waited for)
    return f;
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, FetchedThenBarrier, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, FetchedThenBarrier>(p, pe, v002::make_plan<Pe::kPaired>(p),
                                                                            workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v102::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v102
