// Part o_staged, first built as attention v110:
// v103 with phase 3's O staged in shared memory and stored
// as float4 row pieces (v028's pv_kernel without kDirectO: PvSteps::store_o)
// instead of 32 single-float stores a thread from the accumulators. v032
// chose the direct stores on a phase 3 of another era and measured them at
// 0.976x [0.958, 1.01] of staged at D = 8192 and 1.0x at 16384; v109's bulk
// copies of the staged rows lengthened the last step's tail from 1.5 to 3.4
// us (its timeline, call 0015Z of 2026-11-27): the store path sits on the
// end of the pipeline. Staged, a step's O takes 64 warp stores of 512 bytes
// and 256 shared-memory stores a block, against 256 warp stores touching 4
// lines each.
//   phase 3: v103's, with O staged (two more barriers a step).
//   phases 1 and 2: v103's.
// Limits: as v082. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/pv_pipeline.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/phase1_fp16_split.cuh"
#include "kernels/attention/parts/pv_fp16_split.cuh"
#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::o_staged {

// p_by_async_copies' pipeline with phase 3's O staged in shared memory.
struct Recipe : p_by_async_copies::Recipe {
  using Pv = lean_pv_prologue::LeanStagedOPv<p_by_async_copies::CopiedHalfSplitOfP>;
};

inline constexpr auto kPhase3 = &pv_pipeline::pv_kernel<Recipe::Pv>;

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::o_staged
