// Part wgmma_scores_two_ahead, first built as attention v018:
// v017 with phase 1's loads two sub-tiles ahead instead of
// one (v017's kernel with kAhead = 2: two register loaders alternate). From
// v017's ncu profile at D = 16384 (reports/device-logs/
// 20261121T0547Z-ncu-issue-wgmma.txt): with the products on wgmma, phase 1
// went from 28.7 to 26.8 us only; its warps now wait on global loads (long
// scoreboard 6.9 of the cycles between instructions, issue 31 %) with 16 KB
// per block, 32 KB per SM, in flight. Two sub-tiles ahead double that.
// Phases 2 and 3: v014's. Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/wgmma_scores.cuh"

namespace fuselab::kernels::attention::wgmma_scores_two_ahead {

inline constexpr int kAhead = 2;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  wgmma_scores::launch_with<Pe, kAhead>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return wgmma_scores::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  wgmma_scores_two_ahead::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::wgmma_scores_two_ahead
