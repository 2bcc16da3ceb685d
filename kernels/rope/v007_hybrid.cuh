// rope v007 — the study's winner, the hybrid: K is rotated once by its own
// kernel (rope v000's rope_qk_kernel, K only) into workspace; attention v001's
// row kernel then rotates Q as it lands in shared memory (accurate sincosf,
// inv_freq cached in shared memory) and reads the pre-rotated K plainly.
// Rotation work O(Sq + Sk) as in the separate pipeline, one fewer pass over Q.
// Limits: D % 4 == 0 (D % 8 for neox), D <= 16384.
#pragma once

#include "kernels/rope/parts/separate_rotation.cuh"
#include "kernels/rope/parts/on_the_fly_rotation.cuh"

namespace fuselab::kernels::rope::v007 {

inline std::size_t workspace_bytes(const AttentionProblem& p) { return separate_rotation::k_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const AttentionProblem p2 = separate_rotation::k_rotated(p, workspace, stream);
  on_the_fly_rotation::launch_rope_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV, true,
                         /*kQ=*/true, /*kK=*/false>(p2, stream);
}

}  // namespace fuselab::kernels::rope::v007
