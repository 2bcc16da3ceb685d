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

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include "kernels/attention/v008_mma_one_launch.cuh"

namespace fuselab::kernels::attention::v009 {

namespace cg = cooperative_groups;
using v007::kThreads;
using Sched = v007::Interleaved;
inline constexpr std::size_t kSmemBytes = v007::smem_bytes<Sched>();

template <class Pe>
__global__ void __launch_bounds__(kThreads, v007::kBlocksPerSm)
    interleaved_kernel(const AttentionProblem p, const Pe pe, const v007::Plan pl, float* part,
                       float* P) {
  extern __shared__ __align__(16) float smem[];
  cg::grid_group grid = cg::this_grid();
  const v007::BlockWork w = v007::block_work<Sched>(p, pl, blockIdx.x);
  v007::prefetch_v_to_l2(p, w);
  v007::partial_scores<Pe, Sched>(p, pe, w, smem, part + std::size_t(blockIdx.x) * v007::kS * v007::kS);
  grid.sync();
  v007::softmax_rows_by_block(p, pl, part, P, blockIdx.x, gridDim.x, reinterpret_cast<double*>(smem));
  grid.sync();
  v007::pv_tiles<Sched>(p, w, smem, P);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  v008::launch_cooperative<&interleaved_kernel<Pe>, kSmemBytes>("attention v009", p, pe, workspace,
                                                                stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v009::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v009
