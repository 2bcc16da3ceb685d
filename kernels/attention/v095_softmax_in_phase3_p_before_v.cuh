// attention v095 — v093 (phase 2's softmax taken by phase 3's blocks) with
// V put in flight only once P is in shared memory. v093's timeline at
// 1x4x64x16384 (call 1358Z of 2026-11-26): its blocks stored their rows of
// P by 23.2-26.9 us, but passed the head barrier only at 30.6-31.3: thread
// 0's atomic and its polls queued behind the block's 64 KB of V requests,
// and P's loads after them (P in shared memory at 33.5, against v082's
// 32.8). Here a block stores its rows, passes the barrier and loads P with
// no V in flight, then puts V in flight (v094's order).
//   phase 3: v093's, its source with kVAfterP (v028::pv_kernel);
//   phase 1: v082's.
// Workspace and limits: v093's. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v093_softmax_in_phase3.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v095 {

// Phase 3's P source: v093's, with V put in flight after P.
struct SoftmaxRowsThenPThenV : v093::SoftmaxRowsThenP {
  static constexpr bool kVAfterP = true;
};

inline constexpr auto kPhase3 = v093::kPhase3Of<SoftmaxRowsThenPThenV>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v093::launch_with<Pe, Loader, v050::TriggeredPartialsOut, SoftmaxRowsThenPThenV>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v093::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v095::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v095
