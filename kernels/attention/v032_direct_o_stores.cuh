// attention v032 — v030 with phase 3's O stored straight from the wgmma
// accumulators (v028's pv_kernel with kDirectO, PvSteps::store_o_direct): no
// staging through shared memory, one barrier per step where v028 has three.
// For each accumulator register a warp writes 8 consecutive dims of 4
// queries (whole 32-byte sectors). Phases 1 and 2: v030's.
// Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v032 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v030::launch_with<Pe, Loader, true>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v030::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v032::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v032
