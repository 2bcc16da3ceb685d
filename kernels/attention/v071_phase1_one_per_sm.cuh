// attention v071 — v050 with phase 1 planned for one block per SM instead of
// two (v002::make_plan's target: the SM count, not kTargetBlocks). At
// D >= 2048 a head's D then splits into 32 chunks instead of 64: each
// phase-1 block walks twice the sub-tiles, and phase 2 sums 32 partial score
// tiles per head instead of 64 (2 MB of partials at 1x4x64xD instead of 4).
// Phase 3's plan and every kernel are v050's. Limits: as v050.
#pragma once

#include "kernels/attention/v050_early_triggers.cuh"

namespace fuselab::kernels::attention::v071 {

template <bool kPaired>
inline v002::Plan plan(const AttentionProblem& p) {
  return v002::make_plan<kPaired>(p, v007::sm_count());
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader>(p, pe, plan<Pe::kPaired>(p), workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v071::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v071
