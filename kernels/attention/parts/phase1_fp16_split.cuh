// Part phase1_fp16_split, first built as attention v081:
// v050 with phase 1's products as 3xFP16 instead of
// 3xTF32 (kernels/common/wgmma_f16.cuh). Timed alone, v050's phase 1 runs
// 3.9 us over its own loader's reads at D = 16384 and 2.4 us at 8192 (probe
// split_d_reads, call 0726Z of 2026-11-26): about its tensor time, 805 M
// tf32 multiply-adds at D = 16384, >= 3.3 us at the H100's dense tf32 rate.
// fp16 parts carry tf32's 11 significant bits and multiply at twice the
// rate: a 32-dim sub-tile takes 6 products (two k-steps of 16 dims, one per
// warpgroup) where v050 takes 12, and its buffers are half the bytes.
//   phase 1: v050's, the landed values split into fp16 big and small parts
//            (HalfCores64: v022's padded byte geometry);
//   phases 2 and 3: v050's.
// Limits: as early_triggers; the values Q and K hold after their PE must lie within
// fp16's range (|x| < 65504), and below 0.125 in magnitude they carry an
// absolute rounding of up to 3e-8. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/wgmma_f16.cuh"

namespace fuselab::kernels::attention::phase1_fp16_split {

// v022's PaddedCores64 strides, for fp16 parts.
using HalfCores64 = HalfCoreLayout<584, 72, 36>;

// The split-D pipeline with phase 1's parts in fp16.
struct Recipe : early_triggers::SplitDRecipe {
  using Layout = HalfCores64;
};

template <class Pe, template <class> class Loader = row_loader::RowQkSubTiles>
inline constexpr auto kPhase1 = early_triggers::kPhase1WithRecipe<Pe, Loader, Recipe>;

using Launches = early_triggers::RecipeLaunches<Recipe>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::phase1_fp16_split
