// Part v_to_l2_p_by_copies, first built as attention v105:
// v103 (phase 3's P by cp.async ahead of V) with v089's
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

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/phase1_fp16_split.cuh"
#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/attention/parts/v_to_l2_as_phase1_ends.cuh"
#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v_to_l2_p_by_copies {

// p_by_async_copies' pipeline with each phase-1 block sending a share of its
// head's V to L2 as it ends.
struct Recipe : p_by_async_copies::Recipe {
  using Out = v_to_l2_as_phase1_ends::VToL2Out;
};

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::v_to_l2_p_by_copies
