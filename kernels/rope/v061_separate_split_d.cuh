// rope v061 — the separate pipeline on the fused line's own attention: v000's
// rotation pass writes Q' and K' into workspace, then attention v039 (the
// design rope v050 fuses the rotation into) runs on them. v050 against v061
// is what fusion gains on one design; v000 against v050 mixes that with the
// change of attention design (v001's row kernel).
// Limits: attention v039's (Sq <= 64, Sk <= 64; causal, GQA, cross; a build
// for sm_90a), D % 4 == 0 (D % 8 for neox); any position (accurate sincosf).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v000_separate.cuh"

namespace fuselab::kernels::rope::v061 {

// Q' and K' first, attention v039's buffers after them.
inline std::size_t rotated_bytes(const AttentionProblem& p) { return v000::workspace_bytes(p); }

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return rotated_bytes(p) + attention::v039::workspace_bytes(p);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const AttentionProblem p2 = v000::rotated(p, workspace, stream);
  attention::v039::launch(p2, static_cast<char*>(workspace) + rotated_bytes(p), stream);
}

}  // namespace fuselab::kernels::rope::v061
