// Part tf32_mask_split, first built as attention v030:
// v029 with the 3xTF32 split done by masking
// (Tf32Split::kMask, kernels/common/mma_tf32.cuh) in phase 1 (Q and K as they
// land) and phase 3 (the V^T fragments). The SASS of v028's phase 3
// (reports/device-logs/20261121T0834Z-sass-pv-v028.txt) shows cvt.rna.tf32 as
// four instructions (add 0x1000, an infinity test, a select, a mask); a value
// took two of them plus a subtraction, ~9 instructions. Masking takes two.
// P keeps its rounded split (once per block). Phase 2: v029's.
// Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/entry_points.cuh"
#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/attention/parts/split_d_row_softmax.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/padded_split_layout.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/softmax_loads_in_flight.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::tf32_mask_split {

inline constexpr Tf32Split kSplit = Tf32Split::kMask;

// Phase 3 with V split by masking (pv_pipeline::PvPolicy's other fields as
// they are), and with O stored from the accumulators too (v032).
struct MaskedPv : pv_pipeline::PvPolicy {
  static constexpr Tf32Split kSplit = Tf32Split::kMask;
};
struct MaskedDirectOPv : MaskedPv {
  static constexpr bool kDirectO = true;
};

// Phases 2 and 3 on phase 1's partials, phase 3 by policy Pv (v037 runs its
// own phase 1 before them).
template <class Pv = MaskedPv>
inline void launch_phases_2_3(const AttentionProblem& p, const split_d::Plan& pl, const split_d_register_tiles::Buffers& buf,
                              cudaStream_t stream) {
  split_d_row_softmax::launch_row_softmax<softmax_loads_in_flight::kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
  pv_pipeline::launch_pv<Pv>(p, pl, buf.P, stream);
}

// Phase 1 on row_loader-style loaders with Q and K split by masking, then
// phases 2 and 3. Pv: phase 3's policy (pv_pipeline::PvPolicy);
// kPrefetchQk (v036): phase 1's blocks put their Q and K dims into L2 first.
template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles, class Pv = MaskedPv,
          bool kPrefetchQk = false>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const split_d::Plan pl = split_d::make_plan<Pe::kPaired>(p);
  const split_d_register_tiles::Buffers buf = padded_split_layout::launch_partial_scores<Pe, Loader, kSplit, kPrefetchQk>(p, pe, pl, workspace, stream);
  launch_phases_2_3<Pv>(p, pl, buf, stream);
}

// This pipeline with phase 3's policy Pv, for EntryPoints (direct_o_stores,
// lean_pv_prologue): using Launches = tf32_mask_split::PvLaunches<Pv>;
template <class Pv>
struct PvWith {
  template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
  static void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
    tf32_mask_split::launch_with<Pe, Loader, Pv>(p, pe, workspace, stream);
  }
};
template <class Pv>
using PvLaunches = EntryPoints<PvWith<Pv>>;

using Launches = PvLaunches<MaskedPv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::tf32_mask_split
