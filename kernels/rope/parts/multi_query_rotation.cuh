// Part multi_query_rotation, first built as rope v003:
// v002 with 4 query rows per block (the study's V3): each K
// element is loaded and rotated once per block and used for 4 queries, cutting
// the redundant K rotation and the K/V L2 traffic 4x. 512 threads; the 4 Q
// rows live in shared memory (16*D bytes) and each thread keeps 4 x NV float4
// accumulators (NV <= 4).
// Limits: D % 4 == 0 (D % 8 for neox), D <= 8192 (4 * 512 * 4; shared 128 KB).
#pragma once

#include "kernels/rope/parts/on_the_fly_rotation.cuh"

namespace fuselab::kernels::rope::multi_query_rotation {

inline constexpr int kQpb = 4;
inline constexpr int kThreads = 512;
inline constexpr int kMaxNV = 4;

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  on_the_fly_rotation::launch_rope_rows<kQpb, kThreads, kMaxNV, false>(p, stream);
}

}  // namespace fuselab::kernels::rope::multi_query_rotation
