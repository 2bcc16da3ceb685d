// attention v026 — v024's three phases in ONE cooperative launch, the kernel
// boundaries turned into grid-wide barriers (as v008 did for v007). v025's
// cluster per head proved the on-chip route capped at 16 blocks per head
// (64 SMs at 1x4 heads) and bound by issue latency (ncu,
// reports/device-logs/20261121T0735Z-ncu-issue-v025.txt); this keeps v024's
// 2 blocks per SM on every SM and removes only the seams:
//   phase 1: v022's block (v017::partial_scores_block), items (chunk, bh);
//            then the V columns of the block's phase-3 items are
//            bulk-prefetched into L2, in flight across the barrier and the
//            softmax;
//   phase 2: v014's row softmax (v014::softmax_row), a block per score row;
//   phase 3: v024's steps (v024::PvSteps), items (chunk, bh) of v024's plan.
// Block b takes items b, b + grid, ... of every phase; the grid is what fits
// resident (2 per SM at 99 KB of shared memory), at most the largest phase.
// Limits: as v013; a build for sm_90a. Workspace: v013's.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v026 {

namespace cg = cooperative_groups;

using v002::kS;
using v002::kThreads;
using v019::kDims;

inline constexpr std::size_t kSmemBytes = std::max(v017::kSmemBytes<v022::PaddedCores64>, v024::kSmemBytes);

// Loader: phase 1's (v020::RowQkSubTiles; rope v034 passes
// v020::SpreadRowQkSubTiles).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
__global__ void __launch_bounds__(kThreads, 2)
    one_launch_kernel(const AttentionProblem p, const Pe pe, const v002::Plan pl, const v013::Plan3 pl3, float* part,
                      float* P) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  cg::grid_group grid = cg::this_grid();
  const int bhs = p.B * p.Hq, blocks = gridDim.x, tid = threadIdx.x;

  // ------------------------------------------------------------ phase 1
  for (int item = blockIdx.x; item < pl.chunks1 * bhs; item += blocks) {
    __syncthreads();  // the previous item is done with shared memory
    v017::partial_scores_block<Pe, 1, Loader, false, v022::PaddedCores64>(
        p, pe, part, pl.nsub1, pl.spb1, item % pl.chunks1, item / pl.chunks1, pl.chunks1);
  }
  // V for this block's phase-3 items into L2.
  for (int item = blockIdx.x; item < pl3.chunks * bhs; item += blocks) {
    const int d0 = (item % pl3.chunks) * pl3.spb * kDims;
    v017::prefetch_v_dims(p, item / pl3.chunks, d0, min(p.D, d0 + pl3.spb * kDims));
  }
  grid.sync();  // every partial is complete and visible

  // ------------------------------------------------------------ phase 2
  for (int row = blockIdx.x; row < p.Sq * bhs; row += blocks)
    v014::softmax_row(p, part, pl.chunks1, P, row % p.Sq, row / p.Sq, tid % kS, tid / kS);
  grid.sync();  // P is complete and visible

  // ------------------------------------------------------------ phase 3
  float* pbig = smem;
  for (int item = blockIdx.x; item < pl3.chunks * bhs; item += blocks) {
    const int bh = item / pl3.chunks, s_begin = (item % pl3.chunks) * pl3.spb;
    const int s_end = min(pl3.nsub, s_begin + pl3.spb);
    __syncthreads();  // the previous item is done with shared memory
    const v024::PvSteps steps(p, bh, smem + 2 * v019::kPFloats, smem + 2 * v019::kPFloats + kS * v024::kLdV);
    if (s_begin < s_end) steps.load(s_begin);
    v019::store_p_split(P + std::size_t(bh) * kS * kS, p.Sq, pbig);
    fence_proxy_async_shared();
    steps.run(pbig, s_begin, s_end);
  }
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  constexpr auto kKernel = &one_launch_kernel<Pe, Loader>;
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Plan3 pl3 = v019::make_plan(p, v007::sm_count());
  const v013::Buffers buf = v013::buffers(p, pl, workspace);
  const int bhs = p.B * p.Hq;
  const int items = std::max({pl.chunks1 * bhs, p.Sq * bhs, pl3.chunks * bhs});
  const int grid = std::min(items, v008::resident_blocks<kKernel, kSmemBytes>());
  launch_cooperative(kKernel, dim3(unsigned(grid)), dim3(kThreads), kSmemBytes, stream, p, pe, pl, pl3, buf.part,
                     buf.P);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v026::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v026
