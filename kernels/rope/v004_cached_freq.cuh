// rope v004 — v003 (4 queries per block, 512 threads) with inv_freq staged once
// per block in shared memory (D/2 floats) instead of read from global per K
// float4 (the study's V4).
// Limits: D % 4 == 0 (D % 8 for neox), D <= 8192.
#pragma once

#include "kernels/rope/parts/multi_query_rotation.cuh"

namespace fuselab::kernels::rope::v004 {

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  on_the_fly_rotation::launch_rope_rows<multi_query_rotation::kQpb, multi_query_rotation::kThreads, multi_query_rotation::kMaxNV, true>(p, stream);
}

}  // namespace fuselab::kernels::rope::v004
