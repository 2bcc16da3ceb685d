// Part v_to_l2_as_phase1_ends, first built as attention v089:
// v082 with V sent to L2 by each phase-1 block as it ends.
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
//            wgmma_scores::prefetch_v_share: dims [chunk, chunk + 1) x ceil(D /
//            chunks)), then stores its partials;
//   phases 2 and 3: v082's (phase 3's V copies then find it in L2).
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/wgmma_scores.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/phase1_fp16_split.cuh"
#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v_to_l2_as_phase1_ends {

// Phase 1's Out: v050's, with the block's share of V sent to L2 first.
struct VToL2Out : early_triggers::TriggeredPartialsOut {
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
    wgmma_scores::prefetch_v_share(p, bh, chunk, chunks);
    TriggeredPartialsOut::store(p, acc, smem, part, bh, chunk, chunks);
  }
};

// pv_fp16_split's pipeline with VToL2Out ending phase 1's blocks.
struct Recipe : pv_fp16_split::Recipe {
  using Out = VToL2Out;
};

template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
inline constexpr auto kPhase1 = early_triggers::kPhase1WithRecipe<Pe, Loader, Recipe>;

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::v_to_l2_as_phase1_ends
