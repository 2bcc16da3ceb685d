// attention v089 — v082 with V sent to L2 by each phase-1 block as it ends.
// The split-D timeline (fuselab_probe_split_d_timeline, call 1107Z of
// 2026-11-26) put v082's cold launch at 1x4x64x16384 as: phase-1 blocks end
// between 16.8 and 20.9 us (median 18.9), phase 2 runs 21.4-23.5, phase 3's
// blocks begin at 24.0 and only then put their V in flight. Issuing it holds
// their threads until ~31.4 us, when they read P (complete 8 us earlier);
// their second V step lands at 35.3 (median), and the last block is done at
// 38.5. V's 16.8 MB come from DRAM after 24 us, while DRAM has little to do
// through phase 1's tail and the seams.
//   phase 1: v082's; as a block has finished its products it sends a share
//            of its head's V to L2 (one bulk prefetch per key,
//            v017::prefetch_v_share: dims [chunk, chunk + 1) x ceil(D /
//            chunks)), then stores its partials;
//   phases 2 and 3: v082's (phase 3's V copies then find it in L2).
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v017_wgmma_scores.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v089 {

// Phase 1's Out: v050's, with the block's share of V sent to L2 first.
struct VToL2Out : v050::TriggeredPartialsOut {
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
    v017::prefetch_v_share(p, bh, chunk, chunks);
    TriggeredPartialsOut::store(p, acc, smem, part, bh, chunk, chunks);
  }
};

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline constexpr auto kPhase1 = v050::kPhase1<Pe, Loader, 1, v081::HalfCores64, VToL2Out>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, v082::CoherentHalfSplitOfP, VToL2Out>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v089::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v089
