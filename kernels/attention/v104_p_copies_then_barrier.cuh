// attention v104 — v103 with a barrier between phase 3's P copies and its V
// copies. v103 asks for P by cp.async before V in every thread, yet its
// timeline (call 1728Z of 2026-11-26, D = 16384) has P in shared memory
// only at 27.8 us (median block), 3.7 us after its copies went out, and
// 32.2 for the latest block: a warp that reaches its V first puts it ahead
// of the other warps' P in the SM's queue. The probe fuselab_probe_p_read
// showed the same for loads into registers (P ~6.3 us behind the block's V
// whatever each thread's order) and that a barrier after P's requests
// brings P in within 0.7 us (call 1707Z).
//   phase 3: v103's, with __syncthreads() once every thread has asked for
//            its copies of P;
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
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v104 {

// v103's P source; fetch() returns once every thread of the block has asked
// for its copies of P, so that no V copy of the block goes ahead of them.
struct CopiedThenBarrier : v103::CopiedHalfSplitOfP {
  __device__ static Fetched fetch(const AttentionProblem& p, const float* P, int bh) {
    const Fetched f = v103::CopiedHalfSplitOfP::fetch(p, P, bh);
    __syncthreads();  // P's copies asked for by every warp (not waited for)
    return f;
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, CopiedThenBarrier, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, CopiedThenBarrier>(p, pe, v002::make_plan<Pe::kPaired>(p),
                                                                           workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v104::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v104
