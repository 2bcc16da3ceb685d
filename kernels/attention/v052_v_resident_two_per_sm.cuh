// attention v052 — v051's idea at two blocks per SM. v051 (run
// 20261125T1354*) held all of V in shared memory from the start, which
// left room for one block per SM: every check passed, and it lost 0.87x to
// v039 at D = 16384 (rope 0.74x, sinusoidal 0.81x). ncu: the kernel read
// exactly Q, K and V (50.4 MB) in 44 us at 36 % of DRAM peak. The loss grows
// with phase 1's work per sub-tile (attention < sinusoidal < rope), so
// phase 1 at one block per SM, not V, set the time.
// Here phase 1 keeps v039's plan and two blocks per SM, and V goes in two
// parts, each where shared memory is free:
//   step 1 of the block's phase-3 item: into a buffer of its own (34 KB)
//     as the block begins, in flight through phase 1;
//   step 2: into phase 1's buffers (after P's 32 KB) once the block's
//     phase 1 is done, in flight through the grid barrier and the softmax;
//   later steps (D > 16384 at 4 heads): the two buffers in turn, two
//     ahead, as v028 does.
// 107 KB of shared memory a block. Phases 2 and 3 otherwise as v051: one
// cooperative launch, v026's barriers, v029's softmax, v039's P split and
// v032's direct O stores.
// Limits: as v013; a build for sm_90a. Workspace: v013's.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"     // sm_count
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/attention/v051_v_resident.cuh"  // plan_one_launch
#include "kernels/common/async_copy.cuh"
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v052 {

using v002::kS;
using v002::kThreads;
using v019::kDims;

inline constexpr int kBlocksPerSm = 2;
inline constexpr int kFrontFloats = 2 * v017::kBufferFloats<v022::PaddedCores64>;  // phase 1, then P and V step 2
inline constexpr int kSecondV = 2 * v019::kPFloats;                                // step 2's place in the front
static_assert(kSecondV + v028::kVFloats <= kFrontFloats, "P and a V step fit in phase 1's buffers");
static_assert(kFrontFloats % 32 == 0 && kSecondV % 32 == 0, "V stays 128-byte aligned");
inline constexpr std::size_t kSmemBytes = (std::size_t(kFrontFloats) + v028::kVFloats) * sizeof(float);

// Barrier (v053): how the blocks meet between phases (grid_barrier.cuh).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, class Barrier = CoopGridBarrier>
__global__ void __launch_bounds__(kThreads, kBlocksPerSm)
    resident_v_kernel(const AttentionProblem p, const Pe pe, const v002::Plan pl, const v013::Plan3 pl3, float* part,
                      float* P, const Barrier grid) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__(128) float smem[];
  const int bhs = p.B * p.Hq, blocks = gridDim.x, tid = threadIdx.x;
  const int items3 = pl3.chunks * bhs;
  float* const pbig = smem;  // after phase 1
  auto vbuf = [&](int i) { return (i & 1) ? smem + kSecondV : smem + kFrontFloats; };  // step s_begin + i
  auto item_steps = [&](int item, int& bh, int& s_begin, int& s_end) {
    bh = item / pl3.chunks;
    s_begin = (item % pl3.chunks) * pl3.spb;
    s_end = min(pl3.nsub, s_begin + pl3.spb);
  };
  // Step s_begin + i of `item` into vbuf(i): one cp.async group, empty
  // where the item has no such step (one group per step slot, as v028).
  auto load_or_skip = [&](int item, int i) {
    int bh, s_begin, s_end;
    item_steps(item, bh, s_begin, s_end);
    if (s_begin + i < s_end) v024::PvSteps(p, bh, smem, smem).load_lean(s_begin + i, vbuf(i));
    else cp_async_commit();
  };
  const bool has3 = int(blockIdx.x) < items3;
  if (has3) load_or_skip(blockIdx.x, 0);  // in flight through phase 1

  // ------------------------------------------------------------ phase 1
  for (int item = blockIdx.x; item < pl.chunks1 * bhs; item += blocks) {
    __syncthreads();  // the previous item is done with shared memory
    v017::partial_scores_block<Pe, 1, Loader, false, v022::PaddedCores64, v030::kSplit>(
        p, pe, part, pl.nsub1, pl.spb1, item % pl.chunks1, item / pl.chunks1, pl.chunks1);
  }
  __syncthreads();                         // phase 1's buffers are free
  if (has3) load_or_skip(blockIdx.x, 1);  // in flight through the barrier and the softmax
  grid.sync();                             // every partial is complete and visible

  // ------------------------------------------------------------ phase 2
  for (int row = blockIdx.x; row < p.Sq * bhs; row += blocks)
    v014::softmax_row<v029::kInFlight>(p, part, pl.chunks1, P, row % p.Sq, row / p.Sq, tid % kS, tid / kS);
  grid.sync();  // P is complete and visible

  // ------------------------------------------------------------ phase 3
  for (int item = blockIdx.x; item < items3; item += blocks) {
    int bh, s_begin, s_end;
    item_steps(item, bh, s_begin, s_end);
    const v024::PvSteps steps(p, bh, smem, smem);  // its own buffers unused
    if (item != int(blockIdx.x)) {
      __syncthreads();  // the previous item is done with P and both buffers
      load_or_skip(item, 0);
      load_or_skip(item, 1);
    }
    v039::MaskedSplitOfP::put(p, P, bh, pbig);
    fence_proxy_async_shared();
    for (int s = s_begin; s < s_end; ++s) {
      const int i = s - s_begin;
      cp_async_wait<1>();
      __syncthreads();  // step i's V (and, the first time, P) is complete
      float acc[32];
      steps.products<v030::kSplit>(vbuf(i), pbig, acc);
      steps.store_o_direct(acc, s);
      if (s + 2 < s_end) __syncthreads();  // every warpgroup is done with this buffer
      load_or_skip(item, i + 2);
    }
  }
#else
  __trap();  // not built for sm_90a: launch_with refuses before this runs
#endif
}

template <class Pe, template <class> class Loader, class Barrier = CoopGridBarrier>
inline constexpr auto kKernel = &resident_v_kernel<Pe, Loader, Barrier>;

// The plans for kernel K, refused where fewer than kBlocksPerSm blocks per SM
// fit.
template <auto K, bool kPaired>
inline v051::Plans plans_two_per_sm(const AttentionProblem& p) {
  if (v008::resident_blocks<K, kSmemBytes>() < kBlocksPerSm * v007::sm_count())
    throw std::runtime_error(
        "attention v052 / v053: fewer than two blocks per SM of their kernel fit on this device, the "
        "premise of both; use attention v051 (one block per SM) or v039 (three launches)");
  return v051::plan_one_launch<K, kSmemBytes, kPaired>(p);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v017::require_sm90a();
  constexpr auto kCoop = kKernel<Pe, Loader>;
  const v051::Plans pls = plans_two_per_sm<kCoop, Pe::kPaired>(p);
  const v013::Buffers buf = v013::buffers(p, pls.pl, workspace);
  launch_cooperative(kCoop, dim3(unsigned(pls.grid)), dim3(kThreads), kSmemBytes, stream, p, pe, pls.pl, pls.pl3,
                     buf.part, buf.P, CoopGridBarrier{});
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v052::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v052
