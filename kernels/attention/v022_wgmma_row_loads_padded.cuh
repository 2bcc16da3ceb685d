// attention v022 — v020 (phase 1 on wgmma, each warp loading 4 whole
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
// Phases 2 and 3: v014's (v023: v019's phase 3). Limits: as v013; a build
// for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_tf32.cuh"

namespace fuselab::kernels::attention::v022 {

using PaddedCores64 = CoreLayout<584, 72, 36>;

// Phase 1 (v023, v024 reuse it; rope v033 passes v020::SpreadRowQkSubTiles).
// kPrefetchQk: v017's (v036).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, Tf32Split kSplit = Tf32Split::kRound,
          bool kPrefetchQk = false>
inline v013::Buffers launch_partial_scores(const AttentionProblem& p, const Pe& pe, const v002::Plan& pl,
                                           void* workspace, cudaStream_t stream) {
  return v017::launch_partial_scores<Pe, 1, Loader, false, PaddedCores64, kSplit, kPrefetchQk>(p, pe, pl, workspace,
                                                                                               stream);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = launch_partial_scores(p, pe, pl, workspace, stream);
  v014::launch_row_softmax(p, buf.part, pl.chunks1, buf.P, stream);
  v014::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v022::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v022
