// attention v094 — v082 with phase 3 loading P before it puts V in flight.
// Since v050, phase 3 puts its V steps in flight first so that they overlap
// phase 2; but at D >= 8192 its blocks start only as phase 2's leave (phase
// 3 needs the register file that phase 2's blocks hold), so P is complete
// when they begin. The timeline at 1x4x64x16384 (calls 1107Z and 1358Z of
// 2026-11-26): a thread issues its 16 cp.async of V from 24.0 to ~31.4 us,
// P's loads then queue behind V (P in shared memory at 32.8), and only then
// can step 0's products start; each step's products and O stores then take
// ~2.2 us, after all of V has landed. Here P is in shared memory first, and
// step 0 is taken as soon as its V lands, while step 1's still arrives.
//   phase 3: v082's, its source with kVAfterP (v028::pv_kernel);
//   phases 1 and 2: v082's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v094 {

// Phase 3's P source: v082's, with V put in flight after it.
struct HalfSplitOfPThenV : v082::CoherentHalfSplitOfP {
  static constexpr bool kVAfterP = true;
};

inline constexpr auto kPhase3 = &v028::pv_kernel<v030::kSplit, true, false, HalfSplitOfPThenV, true>;

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, HalfSplitOfPThenV>(p, pe, v002::make_plan<Pe::kPaired>(p),
                                                                            workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v094::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v094
