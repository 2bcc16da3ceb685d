// attention v091 — v082 with phase 1's partial score tiles dropped from L2
// once phase 2 has read them, unwritten (discard.global.L2). They are
// scratch: 4 MB at 1x4x64x16384 (64 tiles of 16 KB a head), dirty in L2
// from phase 1 on. Whatever of them phase 3's V reads and O stores evict is
// written back to DRAM for nothing, inside the stretch the split-D timeline
// shows bound by DRAM (calls 1107Z-1126Z of 2026-11-26: phase 3's V arrives
// at the same ~1.5 TB/s by cp.async or bulk copies, earlier or not). Under
// ncu with L2 as the program left it, v039's phase 3 wrote 2.6 MB back with
// the flush's lines clean (note of 2026-11-25 14:20): about the partials.
//   phase 2: v050's rows, then each row block discards its row's two
//            128-byte lines of every partial tile (DiscardPartials);
//   phases 1 and 3: v082's.
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
#include "kernels/common/async_copy.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v091 {

// Phase 2's hooks: row i's lines of every partial tile of head bh leave L2
// unwritten, two 128-byte lines a tile.
struct DiscardPartials : v050::NoRowHooks {
  __device__ static void done(const AttentionProblem&, const float* part, int chunks, int i, int bh) {
    const float* row = part + (std::size_t(bh) * chunks * v002::kS + i) * v002::kS;
    for (int e = threadIdx.x + v002::kS * threadIdx.y; e < 2 * chunks; e += v002::kS * v014::kSplit)
      discard_l2_line(row + std::size_t(e >> 1) * v002::kS * v002::kS + 32 * (e & 1));
  }
};

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  using PSource = v082::CoherentHalfSplitOfP;
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, PSource, v050::TriggeredPartialsOut,
                       &v028::launch_pv<v030::kSplit, true, false, PSource, true>, DiscardPartials>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v091::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v091
