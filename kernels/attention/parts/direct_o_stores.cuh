// Part direct_o_stores, first built as attention v032:
// v030 with phase 3's O stored straight from the wgmma
// accumulators (v028's pv_kernel with kDirectO, PvSteps::store_o_direct): no
// staging through shared memory, one barrier per step where v028 has three.
// For each accumulator register a warp writes 8 consecutive dims of 4
// queries (whole 32-byte sectors). Phases 1 and 2: v030's.
// Limits: as split_d_register_tiles; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/row_loader.cuh"
#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::direct_o_stores {

using Launches = tf32_mask_split::PvLaunches<tf32_mask_split::MaskedDirectOPv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::direct_o_stores
