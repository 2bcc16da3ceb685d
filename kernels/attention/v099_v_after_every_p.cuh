// attention v099 — v098 with no V in flight anywhere until every phase-3
// block has P in shared memory. v098 issued each block's P loads ahead of
// its V and gained nothing: at D = 16384 its median block had P at 30.9 us
// (v082: 32.6) and the last at 33.9, for the other block of its SM and the
// other SMs had put their V in flight first (call 1545Z). With P made in
// shared memory instead of read, phase 3 after a read of Q and K runs ~4 us
// faster (probe split_d_pv_traffic after_qk, 1535Z and 1545Z). v094, which
// waited for P in each block before its V, found V landing at about the same
// times as v082's although issued ~5 us later (call 1407Z): until ~30 us the
// memory system is busy regardless, and V then comes fast.
//   phase 3: each block waits for the grid (P complete: no wait in
//            practice), loads P and splits it into shared memory, then
//            meets every other phase-3 block at a counting barrier (one word
//            after P in the workspace; any start value), and only then puts
//            its two V steps in flight (v028's kVAfterP). The products of a
//            step then start as its V lands.
//   phases 1 and 2: v082's.
// The barrier needs phase 3's whole grid resident at once: where it is not
// (or below one wave, where phase 3 is v014's), v082 runs instead.
// Workspace: v082's, then the barrier word. Limits: as v082. A build for
// sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v007_mma_split_d.cuh"    // sm_count
#include "kernels/attention/v008_mma_one_launch.cuh"  // resident_blocks
#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/grid_barrier.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v099 {

using v002::kS;

// The barrier word: right after P (v013::buffers' layout of part, then P).
__host__ __device__ inline unsigned int* barrier_word(const AttentionProblem& p, const float* P) {
  return reinterpret_cast<unsigned int*>(const_cast<float*>(P) + std::size_t(p.B) * p.Hq * kS * kS);
}

// Phase 3's P source: v098's loads and split, then the grid's barrier; V
// goes in flight after it (kVAfterP).
struct HalfSplitOfPThenBarrier {
  static constexpr bool kHalves = true;
  static constexpr bool kVAfterP = true;
  using Layout = v098::FetchedHalfSplitOfP::Layout;
  __device__ static void put(const AttentionProblem& p, const float* P, int bh, float* pbig) {
    v098::FetchedHalfSplitOfP::store(p, v098::FetchedHalfSplitOfP::fetch(p, P, bh), pbig);
    counting_barrier(barrier_word(p, P), gridDim.x * gridDim.y, blockIdx.x == 0 && blockIdx.y == 0);
  }
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, HalfSplitOfPThenBarrier, true>;

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return v082::workspace_bytes(p) + align_up(sizeof(unsigned int), 256);
}

// Whether phase 3 (kernel kPv, v028's shared memory) is the wgmma kernel
// and its whole grid resident at once: what a grid barrier in it needs.
template <auto kPv>
inline bool phase3_resident_at_once(const AttentionProblem& p) {
  const int sms = v007::sm_count();
  const v013::Plan3 pl3 = v019::make_plan(p, sms);
  const std::size_t grid3 = std::size_t(pl3.chunks) * p.B * p.Hq;
  return v019::fills_sms(p, pl3, sms) && grid3 <= std::size_t(v008::resident_blocks<kPv, v028::kSmemBytes>());
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  if (!phase3_resident_at_once<kPhase3>(p)) {
    v082::launch_with<Pe, Loader>(p, pe, workspace, stream);
    return;
  }
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, HalfSplitOfPThenBarrier>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v099::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v099
