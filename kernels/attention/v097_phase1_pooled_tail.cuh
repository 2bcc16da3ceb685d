// attention v097 — v082 with the last quarter of phase 1's sub-tiles handed
// out as blocks free up. The split-D timeline at 1x4x64x16384 (calls 1107Z
// and 1358Z of 2026-11-26): phase 1's 256 blocks do the same work (8
// sub-tiles of 32 dims each) and begin within 0.16 us, yet end from 16.8 to
// 20.9 us (median 18.8), and phase 2 waits for the last. At 8192 (4
// sub-tiles a block) they end from 8.7 to 12.2 us.
//   phase 1: a block runs the first three quarters of its range as before;
//            the last quarter of every block's range (2 sub-tiles at 16384,
//            1 at 8192) goes to a pool per head, which blocks done with their
//            own take from, one sub-tile a take, in the order a static plan
//            would have read them (PooledTailOut; v017's HasPool). A block
//            adds whatever sub-tiles it ran into its one partial tile, so
//            phase 2 sums the same 64 tiles per head.
//   phase 2: v082's, its row-0 block of each head setting the head's pool
//            count back to zero once phase 1 is complete (EmptyPool).
//   phase 3: v082's.
// Where a block's range is not full (nsub not a multiple of the chunks) or
// has fewer than 4 sub-tiles (D < 8192 at 1x4x64), nothing is pooled.
// Workspace: v082's, then a word per head (zero as the harness hands it
// over, and zero again after every launch). Limits: as v082. A build for
// sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/check.cuh"  // align_up
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v097 {

using v002::kS;

// The pool counts: a word per head, right after P (v013::buffers' layout of
// part, then P).
__host__ __device__ inline unsigned* pool_counts(const AttentionProblem& p, const float* part, int chunks) {
  const std::size_t after_p = v002::part_bytes(p, chunks) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float);
  return reinterpret_cast<unsigned*>(const_cast<char*>(reinterpret_cast<const char*>(part)) + after_p);
}

// Phase 1's Out: v050's, with a pool of the last quarter of every range.
struct PooledTailOut : v050::TriggeredPartialsOut {
  __host__ __device__ static int pooled(int nsub, int spb, int chunks) {
    return nsub == spb * chunks && spb >= 4 ? spb / 4 : 0;
  }
  __device__ static unsigned* pool_counts(const AttentionProblem& p, const float* part, int chunks) {
    return v097::pool_counts(p, part, chunks);
  }
};

// Phase 2's RowHooks: row 0 of each head empties its pool count, after the
// wait (phase 1 took its last sub-tile).
struct EmptyPool : v050::NoRowHooks {
  __device__ static void done(const AttentionProblem& p, const float* part, int chunks, int i, int bh) {
    if (i == 0 && threadIdx.x == 0 && threadIdx.y == 0) pool_counts(p, part, chunks)[bh] = 0u;
  }
};

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline constexpr auto kPhase1 = v050::kPhase1<Pe, Loader, 1, v081::HalfCores64, PooledTailOut>;

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return v082::workspace_bytes(p) + align_up(std::size_t(p.B) * p.Hq * sizeof(unsigned), 256);
}

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  if (v002::part_bytes(p, pl.chunks1) + std::size_t(p.B) * p.Hq * kS * kS * sizeof(float) != v082::workspace_bytes(p))
    throw std::logic_error("attention v097: the pool counts would not follow P in the workspace");
  using PSource = v082::CoherentHalfSplitOfP;
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, PooledTailOut,
                       &v028::launch_pv<v030::kSplit, true, false, PSource, true>, EmptyPool>(p, pe, pl, workspace,
                                                                                            stream);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v097::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v097
