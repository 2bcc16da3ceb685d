// attention v009 — v008 (tensor-core split-D in one cooperative launch) with
// the two changes its first measurement pointed at:
//   * interleaved tiles: block c of a head takes tiles c, c + chunks, ...,
//     so at any moment the blocks of a head read adjacent 128-byte pieces of
//     each row (one long run per row) instead of each block its own distant
//     1 KB run; the same for V in phase 3 and for the L2 prefetch;
//   * the softmax with a block per score row (8 warps split the chunk
//     partials, v007::softmax_rows_by_block) instead of a warp per row.
// With a PE hook, phase 1 applies the PE to tile it+1 while the mma runs on
// tile it (one barrier per tile, a 4-stage ring).
// Limits: v007's. Workspace: v007's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v008_mma_one_launch.cuh"

namespace fuselab::kernels::attention::v009 {

struct Design : v008::V007Phase1<v007::Interleaved> {
  __device__ static void softmax(const AttentionProblem& p, const v007::Plan& pl, const float* part,
                                 float* P, float* smem) {
    v007::softmax_rows_by_block(p, pl, part, P, blockIdx.x, gridDim.x, reinterpret_cast<double*>(smem));
  }
};

// The kernel this version launches, per PE hook (for the experiment's records).
template <class Pe>
inline constexpr auto kernel = &v008::one_launch_kernel<Pe, Design>;

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  v008::launch_design<Design>("attention v009", p, pe, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v009::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v009
