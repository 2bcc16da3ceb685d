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

using Launches = split_d_row_softmax::ThreeLaunches<&wgmma_scores::launch_partial_scores<split_d::NoPe, kAhead>,
                                                    &split_d_row_softmax::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::wgmma_scores_two_ahead
