// Part split_d_mma_one_launch, first built as attention v008:
// v007's three tensor-core phases in ONE cooperative launch:
// the kernel boundaries become grid-wide barriers (cooperative_groups
// grid.sync(), which needs every block resident: the launch is cooperative
// and fails cleanly if the grid does not fit). Same plan, same workspace,
// same per-block work as split_d_mma; phase 2's rows are spread one warp per row
// over all blocks (block b takes rows b, b + grid, ...).
// The one-launch kernel takes a Design (v009, v010 and v011 are other designs):
//   Sched                        how a block walks its tiles (v007)
//   kSmemBytes                   dynamic shared memory
//   partial_scores<Pe>(...)      phase 1 into this block's partial
//   softmax(p, pl, part, P, smem) phase 2, every block taking part
// Limits: v007's.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "kernels/attention/parts/split_d_mma.cuh"
#include "kernels/common/launch_config.cuh"

namespace fuselab::kernels::attention::split_d_mma_one_launch {

namespace cg = cooperative_groups;
using split_d_mma::kThreads;

// Phase 2 with a warp per score row, the rows spread over all blocks.
__device__ __forceinline__ void softmax_warp_rows(const AttentionProblem& p, const split_d_mma::Plan& pl,
                                                  const float* part, float* P) {
  split_d_mma::softmax_rows(p, pl, part, P, blockIdx.x + gridDim.x * (threadIdx.x >> 5),
                     gridDim.x * (kThreads / 32));
}

// A design's phase 1 when it is v007's partial_scores on schedule S.
template <class S>
struct V007Phase1 {
  using Sched = S;
  static constexpr std::size_t kSmemBytes = split_d_mma::smem_bytes<Sched>();
  template <class Pe>
  __device__ static void partial_scores(const AttentionProblem& p, const Pe& pe,
                                        const split_d_mma::BlockWork& w, float* smem, float* part_out) {
    split_d_mma::partial_scores<Pe, Sched>(p, pe, w, smem, part_out);
  }
};

// v007's phase 1 on schedule S, then a warp per softmax row.
template <class S>
struct WarpRowsDesign : V007Phase1<S> {
  __device__ static void softmax(const AttentionProblem& p, const split_d_mma::Plan& pl, const float* part,
                                 float* P, float*) {
    softmax_warp_rows(p, pl, part, P);
  }
};
using Design = WarpRowsDesign<split_d_mma::Contiguous>;

template <class Pe, class D>
__global__ void __launch_bounds__(kThreads, split_d_mma::kBlocksPerSm)
    one_launch_kernel(const AttentionProblem p, const Pe pe, const split_d_mma::Plan pl, float* part,
                      float* P) {
  extern __shared__ __align__(16) float smem[];
  cg::grid_group grid = cg::this_grid();
  const split_d_mma::BlockWork w = split_d_mma::block_work<typename D::Sched>(p, pl, blockIdx.x);
  split_d_mma::prefetch_v_to_l2(p, w);
  D::partial_scores(p, pe, w, smem, part + std::size_t(blockIdx.x) * split_d_mma::kS * split_d_mma::kS);
  grid.sync();
  D::softmax(p, pl, part, P, smem);
  grid.sync();
  split_d_mma::pv_tiles<typename D::Sched>(p, w, smem, P);
}

// The kernel this version launches, per PE hook (for the experiment's records).
template <class Pe>
inline constexpr auto kernel = &split_d_mma_one_launch::one_launch_kernel<Pe, Design>;

// Blocks of kKernel (kSmem bytes of dynamic shared memory) that fit on the
// device at once; asked once per kernel.
template <auto kKernel, std::size_t kSmem>
inline int resident_blocks() {
  static const int n = [] {
    set_max_dynamic_smem(kKernel, int(kSmem));
    int per_sm = 0;
    FUSELAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kKernel, kThreads, kSmem));
    return per_sm * split_d_mma::sm_count();
  }();
  return n;
}

// One cooperative launch of design D on v007's plan and workspace; refuses a
// plan whose blocks cannot all be resident.
template <class D, class Pe>
inline void launch_design(const char* version, const AttentionProblem& p, const Pe& pe,
                          void* workspace, cudaStream_t stream) {
  constexpr auto kKernel = &one_launch_kernel<Pe, D>;
  const split_d_mma::Plan pl = split_d_mma::make_plan(p, split_d_mma::sm_count());
  const int fit = resident_blocks<kKernel, D::kSmemBytes>();
  if (pl.blocks > fit)
    throw std::runtime_error(std::string(version) + ": the plan needs " + std::to_string(pl.blocks) +
                             " resident blocks but only " + std::to_string(fit) +
                             " fit on this device; use attention v007 (three launches) for this shape");
  const split_d_mma::Workspace ws = split_d_mma::split_workspace(p, pl, workspace);
  launch_cooperative(kKernel, dim3(unsigned(pl.blocks)), dim3(kThreads), D::kSmemBytes, stream, p, pe, pl, ws.part,
                     ws.P);
}

template <class Pe>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace,
                        cudaStream_t stream) {
  launch_design<Design>("attention v008", p, pe, workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  split_d_mma_one_launch::launch_with(p, split_d::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::split_d_mma_one_launch
