// attention v038 — v032 with phase 1's sub-tiles dealt out strided: block
// `chunk` of a head takes sub-tiles chunk, chunk + chunks, ... instead of a
// contiguous range (v017's kStrided). At each step a head's 64 blocks then
// read one contiguous run of every Q and K row (8 KB at 32 dims a block)
// where v032's read 128-byte pieces 1 KB apart (D = 16384). v036 (rows
// requested at once) and v037 (more warps per SM) left phase 1 at ~48 % of
// DRAM peak: the suspect is now the order in which DRAM sees the requests.
// Phases 2 and 3: v032's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v037_three_phase1_blocks_per_sm.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v038 {

template <class Pe, template <class> class Loader>
inline constexpr auto kPhase1 = &v017::partial_scores_kernel<Pe, 1, Loader, false, v022::PaddedCores64, v030::kSplit,
                                                             v017::PartialsOut, false, 2, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v037::launch_with_phase1(kPhase1<Pe, Loader>, v002::kTargetBlocks, p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return v037::workspace_bytes_for(p, v002::kTargetBlocks);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v038::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v038
