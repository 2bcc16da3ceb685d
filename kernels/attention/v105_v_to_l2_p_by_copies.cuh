// attention v105 — v103 (phase 3's P by cp.async ahead of V) with v089's
// phase 1 (each block sends a share of its head's V to L2 as it ends). v089
// gained 1.036x over v082 at D = 8192, where every tensor fits in L2, and
// lost 0.4 % at 16384, where its reads took DRAM time from phase 1's last
// blocks (note of 2026-11-26 11:40). v082's phase 3 waited on P, which
// landed behind V; v103's waits on V (its timeline, call 1728Z: step 0's V
// lands 1.3-2.7 us after P), so V found in L2 should now shorten phase 3.
//   phase 1: v089's; phase 2: v082's; phase 3: v103's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v089_v_to_l2_as_phase1_ends.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v105 {

template <class Pe, template <class> class Loader = v020::RowQkSubTiles>
inline void launch_with(const AttentionProblem& p, const Pe& pe, void* workspace, cudaStream_t stream) {
  v050::launch_planned<Pe, Loader, 1, v081::HalfCores64, v103::CopiedHalfSplitOfP, v089::VToL2Out>(
      p, pe, v002::make_plan<Pe::kPaired>(p), workspace, stream);
}

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v082::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v105::launch_with(p, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v105
