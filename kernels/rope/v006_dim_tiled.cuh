// rope v006 — the study's V6: v005's K staging tiled over head_dim as well as
// keys: sub-tiles of 64 keys x 256 dims (neox: 128 pairs, both halves), so
// every key of a 64-key tile is staged at once whatever D is; the partial dot
// products accumulate across the dim sub-tiles in shared memory.
// Limits: D % 8 == 0, D <= 8192.
#pragma once

#include "kernels/rope/parts/k_rotated_in_shared.cuh"

namespace fuselab::kernels::rope::v006 {

inline constexpr int kDimTile = 256;

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  k_rotated_in_shared::launch_with_tile(p, kDimTile, stream);
}

}  // namespace fuselab::kernels::rope::v006
