// attention v100 — v099 with P read from 16 copies. v099's timeline at
// D = 16384 (call 1553Z): with no V in flight anywhere, its 256 phase-3
// blocks took until 28.0-28.3 us to have P (16 KB each) in shared memory,
// ~4 us after their loads went out; V, put in flight only then, landed 7-9
// us later and the end came 2.5 us after v082's. Every block reads the same
// 16 KB of its head: 64 readers a 128-byte line.
//   phase 2: v082's, and each row block then copies its row of P into 15
//            more copies (CopyRowOfP; copy r lies r * B*Hq*64*64 floats on
//            from P), by its kSplit thread rows;
//   phase 3: v099's, block x of a head reading copy x % 16 (4 readers a
//            line): P loaded and split, one grid barrier, then V.
//   phase 1: v082's.
// Where phase 3's grid is not resident at once, or below one wave, v082
// runs instead (v099's guard).
// Workspace: v082's with P's 16 copies from P on, then the barrier word.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/attention/v099_v_after_every_p.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v100 {

using v002::kS;
inline constexpr int kCopies = 16;

// One copy of P: B*Hq heads of 64 x 64.
__host__ __device__ inline std::size_t copy_floats(const AttentionProblem& p) {
  return std::size_t(p.B) * p.Hq * kS * kS;
}

// Phase 2's RowHooks: row i of head bh, stored in P by the q == 0 threads,
// copied into copies 1.. by the block's thread rows.
struct CopyRowOfP : v050::NoRowHooks {
  __device__ static void done(const AttentionProblem& p, const float* part, int chunks, int i, int bh) {
    float* P = const_cast<float*>(part) + v002::part_bytes(p, chunks) / sizeof(float);  // v013::buffers' P
    __syncthreads();  // the row's stores are visible to the block
    const std::size_t at = (std::size_t(bh) * kS + i) * kS + threadIdx.x;
    const float value = P[at];
    for (int r = 1 + int(threadIdx.y); r < kCopies; r += v014::kSplit) P[r * copy_floats(p) + at] = value;
  }
};

// Phase 3's P source: v099's, from copy blockIdx.x % kCopies, the barrier
// word after the last copy.
struct CopiedHalfSplitOfPThenBarrier {
  static constexpr bool kHalves = true;
  static constexpr bool kVAfterP = true;
  using Layout = v098::FetchedHalfSplitOfP::Layout;
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    const float* mine = P + (blockIdx.x % kCopies) * copy_floats(p);
    v098::FetchedHalfSplitOfP::store(p, v098::FetchedHalfSplitOfP::fetch(p, mine, bh), pbig);
    unsigned int* word = reinterpret_cast<unsigned int*>(const_cast<float*>(P) + kCopies * copy_floats(p));
    counting_barrier(word, gridDim.x * gridDim.y, blockIdx.x == 0 && blockIdx.y == 0);
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, CopiedHalfSplitOfPThenBarrier, true>;

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return v082::workspace_bytes(p) + (kCopies - 1) * copy_floats(p) * sizeof(float) +
         align_up(sizeof(unsigned int), 256);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  if (!v099::phase3_resident_at_once<kPhase3>(p)) {
    v082::launch_with<Pe, Loader>(p, pe, workspace, stream);
    return;
  }
  using PSource = CopiedHalfSplitOfPThenBarrier;
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, v050::TriggeredPartialsOut,
                       &v028::launch_pv<v030::kSplit, true, false, PSource, true>, CopyRowOfP>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v100::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v100
