// attention v011 — v008 (v007's tensor-core phases in one cooperative launch)
// with phase 1 reading Q and K under an L2 evict-first policy
// (v007::ContiguousQkEvictFirst). At 1x4x64x16384 phase 1 touches 48 MB: the
// 32 MB of Q and K it streams and the 16 MB of V each block prefetches for
// phase 3, against a 50 MB L2 that the cold measurement leaves full of the
// flush's dirty lines. Lines read once (Q, K) become the first victims, so the
// prefetched V should still be in L2 when phase 3 reads it.
// Limits: v007's. Workspace: v007's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v008_mma_one_launch.cuh"

namespace fuselab::kernels::attention::v011 {

using Design = v008::WarpRowsDesign<v007::ContiguousQkEvictFirst>;

// The kernel this version launches, per PE hook (for the experiment's records).
template <class Pe>
inline constexpr auto kernel = &v008::one_launch_kernel<Pe, Design>;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  v008::launch_design<Design>("attention v011", p, pe, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v011::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v011
