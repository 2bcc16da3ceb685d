// attention v033 — v032 with phase 3's A = V^T fragments double-buffered
// (PvSteps::products_pipelined, v028's kPipelined): k-step k + 1's fragments
// are loaded and split while k-step k's three products run, where v032
// waits for every batch of two k-steps before loading the next.
// Phases 1 and 2: v030's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v033 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v030::launch_with<Pe, Loader, true, true>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v030::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v033::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v033
