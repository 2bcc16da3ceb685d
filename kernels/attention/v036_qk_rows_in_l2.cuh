// attention v036 — v032 with phase 1's Q and K requested whole at the start
// of each block: one bulk L2 prefetch per row for all of the block's dims
// (128 rows x 1 KB at D = 16384), before the register loader's first load.
// ncu on v034's phase 1 (v030's loop; reports/device-logs/
// 20261121T1023Z-ncu-issue-v034.txt) at D = 16384: issue active 33 %,
// long-scoreboard stalls 4.0 cycles per instruction, DRAM 48 %: the loads
// of one sub-tile ahead (16 KB per block) wait on DRAM. With the rows
// requested at once, DRAM sees 1 KB runs and the loader's loads hit L2.
// Phases 2 and 3: v032's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v036 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v030::launch_with<Pe, Loader, true, false, true>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v030::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v036::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v036
