// attention v085 — v084 with two raw tiles in flight per pack block. Alone,
// v084's persistent pack takes 143 us at 52 % of DRAM peak (ncu, call
// 0938Z) against 89 us for v083's one-block-a-tile pack: each block reads a
// tile, waits, converts and stores it before it asks for the next. Here a
// block asks for its next tile before it converts the current one
// (pack_ahead_kernel<kRawTiles = 2>, 98 KB of shared memory; beside the
// flash kernel's 67.6 KB an SM still holds one of each).
// Limits: D = 128; any Sq, Sk >= 1; causal, GQA, cross. A build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/v084_pack_beside_flash.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::attention::v085 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v084::launch_with<2, false>(p, v002::NoPe{}, v002::NoPe{}, workspace, stream);
}

}  // namespace fuselab::kernels::attention::v085
