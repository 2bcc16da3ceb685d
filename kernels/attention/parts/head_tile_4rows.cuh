// Part head_tile_4rows, first built as attention v005:
// v004's head tile with 4 query rows per block instead of 16
// (64 lanes per row: one key per lane for the scores): 4x the blocks (64 at
// 1x4x64x128), a quarter of the FMAs per block, the same K/V bytes per block
// (from L2 after the first). Limits: as v004.
#pragma once

#include "kernels/attention/parts/head_tile.cuh"

namespace fuselab::kernels::attention::head_tile_4rows {

inline constexpr int kRows = 4;

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  head_tile::launch_with<kRows>(p, split_d::NoPe{}, stream);
}

}  // namespace fuselab::kernels::attention::head_tile_4rows
