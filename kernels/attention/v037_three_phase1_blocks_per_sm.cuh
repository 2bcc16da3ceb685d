// attention v037 — v032 with phase 1 at three blocks per SM instead of two:
// compiled for 3 (80 registers, no spills where v032's takes 91), planned for
// 3 x SMs blocks (344 at D = 16384: 6 sub-tiles each instead of 8; 86
// partials per score instead of 64), three 75 KB shared-memory buffers per
// SM (carveout at its maximum): six warps per scheduler instead of four, to
// hide the loads' latency.
// Phases 2 and 3: v032's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"  // sm_count
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v037 {

inline constexpr int kBlocksPerSm1 = 3;

inline int phase1_blocks() { return kBlocksPerSm1 * v007::sm_count(); }

template <class Pe, template <class> class Loader>
inline constexpr auto kPhase1 = &v017::partial_scores_kernel<Pe, 1, Loader, false, v022::PaddedCores64, v030::kSplit,
                                                             v017::PartialsOut, false, kBlocksPerSm1>;

// Phase 1 as `phase1` (a v017::partial_scores_kernel on v022's padded
// cores), planned for `blocks1` blocks; then v032's phases 2 and 3 (v038
// shares it).
template <class Pe>
inline void launch_with_phase1(void (*phase1)(AttentionProblem, Pe, float*, int, int), int blocks1,
                               const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(phase1),
                                          cudaFuncAttributePreferredSharedMemoryCarveout,
                                          int(cudaSharedmemCarveoutMaxShared)));
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p, blocks1);
  const v013::Buffers buf = v017::launch_phase1_kernel<v022::PaddedCores64>(phase1, p, pe, pl, workspace, stream);
  v030::launch_phases_2_3<true>(p, pl, buf, stream);
}

inline std::size_t workspace_bytes_for(const AttentionProblem& p, int blocks1) {
  return std::max(v002::workspace_bytes_for<false>(p, blocks1), v002::workspace_bytes_for<true>(p, blocks1));
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  launch_with_phase1(kPhase1<Pe, Loader>, phase1_blocks(), p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return workspace_bytes_for(p, phase1_blocks()); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v037::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v037
