// Part padded_split_layout, first built as attention v022:
// v020 (phase 1 on wgmma, each warp loading 4 whole
// 128-byte rows per instruction) with the split parts stored in a padded core
// layout. v020 lost (0.85x of v017): its quarter-warps (one row, 8 float4s
// along the dims) stored into cores a multiple of 128 bytes apart, 8 lanes on
// the same banks, 8 wavefronts per quarter. Here the k-step stride is 584
// floats and the K-adjacent core 36 floats away (stride offset 72), so the 8
// lanes of a quarter land 16 bytes apart in bank terms: conflict-free. The
// probe fuselab_probe_split_d_reads (reports/device-logs/
// 20261121T0617Z-probe-split-d-reads.txt) times the two loaders' reads alone,
// cold, at D = 16384: 26.5 us row per lane (v017's), 22.4 us rows per warp,
// 20.8 us contiguous.
// Phases 2 and 3: v014's (v023: v019's phase 3). Limits: as split_d_register_tiles; a build
// for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::padded_split_layout {

using PaddedCores64 = CoreLayout<584, 72, 36>;

// Phase 1 (v023, v024 reuse it; rope v033 passes row_loader::SpreadRowQkSubTiles).
// kPrefetchQk: v017's (v036).
template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles, Tf32Split kSplit = Tf32Split::kRound,
          bool kPrefetchQk = false>
inline split_d_register_tiles::Buffers launch_partial_scores(const AttentionProblem& p, const Pe& pe, const split_d::Plan& pl,
                                           void* workspace, cudaStream_t stream) {
  return wgmma_scores::launch_partial_scores<Pe, 1, Loader, false, PaddedCores64, kSplit, kPrefetchQk>(p, pe, pl, workspace,
                                                                                               stream);
}

using Launches = split_d_row_softmax::ThreeLaunches<&launch_partial_scores<split_d::NoPe>, &split_d_row_softmax::launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::padded_split_layout
