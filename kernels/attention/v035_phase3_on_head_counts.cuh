// attention v035 — v034 with phase 3 started early: every phase-1 block
// triggers the dependent launch as it begins, and counts its head down once
// its adds into the sums are done; a phase-3 block puts its first two V
// steps in flight, then waits for its own head's count to reach zero
// (v034::SumsInL2<true>, SoftmaxOfSums<true>). Phase-3 blocks take SMs as
// phase-1 blocks leave them, and a head's phase 3 need not wait for the
// other heads' phase 1.
// The grid wait cannot stand in for the count: a trigger lets the dependent
// grid pass its wait before the stores that follow the trigger (v006's
// measurement). No deadlock: phase 3 launches only once every phase-1 block
// has begun, and a begun phase-1 block never waits on phase 3.
// Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v034_scores_summed_in_l2.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v035 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v034::launch_with<Pe, Loader, true, false, true>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v034::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v035::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v035
