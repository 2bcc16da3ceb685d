// Part v_resident, first built as attention v051:
// phase 3's V read during phase 1, into shared memory, in
// one cooperative launch. Under ncu at D = 16384, v039's phase 3 reads V
// (16.9 MB) in 18 us at 30 % of DRAM peak, after phase 1 has read Q and K
// (33.6 MB) in ~21 us at ~54 %: V's reads come after the others, and DRAM
// is half idle in both phases. V does not depend on the scores, so it can
// travel beside Q and K. v021 tried that through L2 (a bulk prefetch, Q and
// K evict-first) and lost (0.97x at D = 16384); whether the lines survived
// until phase 3 was not measured. Here V goes where nothing can evict it:
// the shared memory of the block that will multiply it.
//   one block per SM (v026's grid barriers need every block resident), so a
//     block has 227 KB: phase 1's two buffers (73 KB, P's split reuses them)
//     and kMaxSteps = 4 V steps of 128 dims (136 KB), which at D = 16384
//     and 4 heads is all of V (512 steps on 132 SMs);
//   first, the block puts the V steps of its phase-3 item in flight
//     (cp.async, one group per step; phase 1 loads through registers, so it
//     never waits on them);
//   phase 1: v017's block on v022's padded cores, masked split (v030), two
//     sub-tiles ahead (v018's loaders) since a block now has the SM alone;
//   grid barrier; phase 2: v014's row softmax, 16 loads in flight (v029);
//   grid barrier; phase 3: P split by masking (v039), then v024's products
//     on the resident V, O stored from the accumulators (v032).
// A block with a second phase-3 item (more steps than the grid holds) loads
// that item's V after the first, in the same buffers.
// Limits: as split_d_register_tiles; a build for sm_90a. Workspace: v013's.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstddef>

#include "kernels/attention/parts/entry_points.cuh"
#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"     // sm_count
#include "kernels/attention/parts/split_d_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/wgmma_pv.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/wgmma_pv_register_a.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/softmax_loads_in_flight.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/common/async_copy.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v_resident {

namespace cg = cooperative_groups;

using split_d::kS;
using split_d::kThreads;
using wgmma_pv::kDims;

inline constexpr int kMaxSteps = 4;  // V steps a block holds
inline constexpr int kAhead = 2;     // phase 1's sub-tiles in flight
inline constexpr int kFrontFloats =
    std::max(2 * wgmma_scores::kBufferFloats<padded_split_layout::PaddedCores64>, 2 * wgmma_pv::kPFloats);  // phase 1, then P
inline constexpr std::size_t kSmemBytes = (std::size_t(kFrontFloats) + kMaxSteps * pv_pipeline::kVFloats) * sizeof(float);
static_assert(kFrontFloats % 32 == 0, "V stays 128-byte aligned");

// A one-launch kernel's plans: phase 1 planned for the blocks resident
// (at most split_d::kTargetBlocks, which v013's workspace is planned for), phase
// 3 in steps of kDims, one item per resident block, at most max_steps an item
// (items beyond the grid go round again).
struct Plans {
  split_d::Plan pl;
  split_d_register_tiles::Plan3 pl3;
  int grid;
};

template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
__global__ void __launch_bounds__(kThreads, 1)
    resident_v_kernel(const AttentionProblem p, const Pe pe, const split_d::Plan pl, const split_d_register_tiles::Plan3 pl3, float* part,
                      float* P) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  cg::grid_group grid = cg::this_grid();
  const int bhs = p.B * p.Hq, blocks = gridDim.x, tid = threadIdx.x;
  const int items3 = pl3.chunks * bhs;
  float* vres = smem + kFrontFloats;
  auto item_steps = [&](int item, int& bh, int& s_begin, int& s_end) {
    bh = item / pl3.chunks;
    s_begin = (item % pl3.chunks) * pl3.spb;
    s_end = min(pl3.nsub, s_begin + pl3.spb);
  };
  // V of phase-3 item `item` into vres, step s_begin + i at vres + i * kVFloats.
  auto load_v = [&](int item) {
    int bh, s_begin, s_end;
    item_steps(item, bh, s_begin, s_end);
    const wgmma_pv_register_a::PvSteps steps(p, bh, vres, vres);
    for (int s = s_begin; s < s_end; ++s) steps.load_lean(s, vres + (s - s_begin) * pv_pipeline::kVFloats);
  };
  if (int(blockIdx.x) < items3) load_v(blockIdx.x);  // in flight through phases 1 and 2

  // ------------------------------------------------------------ phase 1
  for (int item = blockIdx.x; item < pl.chunks1 * bhs; item += blocks) {
    __syncthreads();  // the previous item is done with shared memory
    wgmma_scores::partial_scores_block<Pe, kAhead, Loader, false, padded_split_layout::PaddedCores64, tf32_mask_split::kSplit>(
        p, pe, part, pl.nsub1, pl.spb1, item % pl.chunks1, item / pl.chunks1, pl.chunks1);
  }
  grid.sync();  // every partial is complete and visible

  // ------------------------------------------------------------ phase 2
  for (int row = blockIdx.x; row < p.Sq * bhs; row += blocks)
    split_d_row_softmax::softmax_row<softmax_loads_in_flight::kInFlight>(p, part, pl.chunks1, P, row % p.Sq, row / p.Sq, tid % kS, tid / kS);
  grid.sync();  // P is complete and visible

  // ------------------------------------------------------------ phase 3
  float* pbig = smem;  // phase 1's buffers, free now
  for (int item = blockIdx.x; item < items3; item += blocks) {
    int bh, s_begin, s_end;
    item_steps(item, bh, s_begin, s_end);
    const wgmma_pv_register_a::PvSteps steps(p, bh, vres, vres);
    __syncthreads();  // the previous item (or phases 1 and 2) is done with shared memory
    if (item != int(blockIdx.x)) load_v(item);
    lean_pv_prologue::MaskedSplitOfP::put(p, P, bh, pbig);
    fence_proxy_async_shared();
    cp_async_wait<0>();
    __syncthreads();  // V and P are complete
    for (int s = s_begin; s < s_end; ++s) {
      float acc[32];
      steps.products<tf32_mask_split::kSplit>(vres + (s - s_begin) * pv_pipeline::kVFloats, pbig, acc);
      steps.store_o_direct(acc, s);
    }
  }
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe, template <class> class Loader>
inline constexpr auto kKernel = &resident_v_kernel<Pe, Loader>;

template <auto kOneLaunchKernel, std::size_t kSmem, bool kPaired>
inline Plans plan_one_launch(const AttentionProblem& p, int max_steps = INT_MAX) {
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(kOneLaunchKernel),
                                          cudaFuncAttributePreferredSharedMemoryCarveout,
                                          int(cudaSharedmemCarveoutMaxShared)));
  const int resident = std::min(split_d_mma_one_launch::resident_blocks<kOneLaunchKernel, kSmem>(), split_d::kTargetBlocks);
  Plans pls{};
  pls.pl = split_d::make_plan<kPaired>(p, resident);
  pls.pl3 = split_d_register_tiles::make_plan3(p, resident, kDims, 1);
  if (pls.pl3.spb > max_steps) {
    pls.pl3.spb = max_steps;
    pls.pl3.chunks = ceil_div(pls.pl3.nsub, max_steps);
  }
  const int bhs = p.B * p.Hq;
  pls.grid = std::min(resident, std::max({pls.pl.chunks1 * bhs, p.Sq * bhs, pls.pl3.chunks * bhs}));
  return pls;
}

// The one cooperative launch, for EntryPoints.
struct With {
  template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
  static void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
    wgmma_scores::require_sm90a();
    const Plans pls = plan_one_launch<kKernel<Pe, Loader>, kSmemBytes, Pe::kPaired>(p, kMaxSteps);
    const split_d_register_tiles::Buffers buf = split_d_register_tiles::buffers(p, pls.pl, workspace);
    launch_cooperative(kKernel<Pe, Loader>, dim3(unsigned(pls.grid)), dim3(kThreads), kSmemBytes, stream, p, pe, pls.pl,
                       pls.pl3, buf.part, buf.P);
  }
};

using Launches = EntryPoints<With>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::v_resident
