// attention v030 — v029 with the 3xTF32 split done by masking
// (Tf32Split::kMask, kernels/common/mma_tf32.cuh) in phase 1 (Q and K as they
// land) and phase 3 (the V^T fragments). The SASS of v028's phase 3
// (reports/device-logs/20261121T0834Z-sass-pv-v028.txt) shows cvt.rna.tf32 as
// four instructions (add 0x1000, an infinity test, a select, a mask); a value
// took two of them plus a subtraction, ~9 instructions. Masking takes two.
// P keeps its rounded split (once per block). Phase 2: v029's.
// Limits: as v013; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/common/mma_tf32.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v030 {

inline constexpr Tf32Split kSplit = Tf32Split::kMask;

// Phases 2 and 3 on phase 1's partials (template arguments: launch_with's;
// v037 runs its own phase 1 before them).
template <bool kDirectO = false, bool kPipelined = false, class PSource = v028::SplitOfP, bool kLeanLoads = false,
          int kPvBlocksPerSm = v019::kBlocksPerSm>
inline void launch_phases_2_3(const AttentionProblem& p, const v002::Plan& pl, const v013::Buffers& buf,
                              cudaStream_t stream) {
  v014::launch_row_softmax<v029::kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
  v028::launch_pv<kSplit, kDirectO, kPipelined, PSource, kLeanLoads, kPvBlocksPerSm>(p, pl, buf.P, stream);
}

// kDirectO (v032): phase 3 stores O straight from its accumulators;
// kPipelined (v033): its A fragments double-buffered;
// kPrefetchQk (v036): phase 1's blocks put their Q and K dims into L2 first;
// PSource, kLeanLoads (v039): v028::pv_kernel's;
// kPvBlocksPerSm (v040): phase 3's blocks per SM (v028::launch_pv's).
template <class Pe, template <class> class Loader = v020::RowQkSubTiles, bool kDirectO = false,
          bool kPipelined = false, bool kPrefetchQk = false, class PSource = v028::SplitOfP,
          bool kLeanLoads = false, int kPvBlocksPerSm = v019::kBlocksPerSm>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  const v002::Plan pl = v002::make_plan<Pe::kPaired>(p);
  const v013::Buffers buf = v022::launch_partial_scores<Pe, Loader, kSplit, kPrefetchQk>(p, pe, pl, workspace, stream);
  launch_phases_2_3<kDirectO, kPipelined, PSource, kLeanLoads, kPvBlocksPerSm>(p, pl, buf, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v013::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v030::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v030
