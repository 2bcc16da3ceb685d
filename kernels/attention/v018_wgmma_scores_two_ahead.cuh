// attention v018 — v017 with phase 1's loads two sub-tiles ahead instead of
// one (v017's kernel with kAhead = 2: two register loaders alternate). From
// v017's ncu profile at D = 16384 (reports/device-logs/
// 20261121T0547Z-ncu-issue-wgmma.txt): with the products on wgmma, phase 1
// went from 28.7 to 26.8 us only; its warps now wait on global loads (long
// scoreboard 6.9 of the cycles between instructions, issue 31 %) with 16 KB
// per block, 32 KB per SM, in flight. Two sub-tiles ahead double that.
// Phases 2 and 3: v014's. Limits: as v013; a build for sm_90a.
#pragma once

#include "kernels/attention/v017_wgmma_scores.cuh"

namespace fuselab::kernels::attention::v018 {

inline constexpr int kAhead = 2;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::launch_with<Pe, kAhead>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v017::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v018::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v018
