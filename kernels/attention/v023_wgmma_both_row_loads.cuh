// attention v023 — v022's phase 1 (wgmma, rows-per-warp loads, padded split
// stores) with v019's phase 3 (wgmma, V transposed into K-major): the two
// wgmma phases that each measured fastest. Phase 2: v014's.
// Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v023 {

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v022::launch_partial_scores(p, pe, pl, workspace, stream);
  v014::launch_row_softmax(p, buf.part, pl.chunks1, buf.P, stream);
  v019::launch_pv(p, pl, buf.P, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v023::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v023
