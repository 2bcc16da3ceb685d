// attention v040 — v039 with phase 3 planned for one block per SM instead of
// two: at D = 16384 128 blocks of four 128-dim steps instead of 256 of two.
// v039 showed phase 3 bound by its memory waits, not its instructions: every
// block loads both of its V steps at once, computes, then stores, and all
// blocks run in step, so DRAM reads V, then writes O. With four steps and V
// two ahead (v028's two buffers), steps 2 and 3 are read while steps 0 and
// 1 are computed and stored. At D = 8192 a block gets two steps (v039:
// one), both loaded at once: no overlap, and half the blocks.
// (Its first run, at a9d6a4c, ran v013's phase 3 instead: 128 blocks were
// taken for "not every SM" and sent to the fallback. v019::launch_wgmma_pv
// now decides on the two-per-SM plan.)
// Phases 1 and 2: v032's. Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v040 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v030::launch_with<Pe, Loader, true, false, false, v039::MaskedSplitOfP, true, 1>(p, pe, workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v030::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v040::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v040
