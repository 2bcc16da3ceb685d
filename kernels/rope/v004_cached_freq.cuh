// rope v004 — v003 (4 queries per block, 512 threads) with inv_freq staged once
// per block in shared memory (D/2 floats) instead of read from global per K
// float4 (the study's V4).
// Limits: D % 4 == 0 (D % 8 for neox), D <= 8192.
#pragma once

#include "kernels/rope/v003_multi_query.cuh"

namespace fuselab::kernels::rope::v004 {

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  v002::launch_rope_rows<v003::kQpb, v003::kThreads, v003::kMaxNV, true>(p, stream);
}

}  // namespace fuselab::kernels::rope::v004
