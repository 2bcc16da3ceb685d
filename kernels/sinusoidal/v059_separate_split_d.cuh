// sinusoidal v059 — the separate pipeline on the fused line's own attention:
// v000's PE pass writes Q' = Q + PE and K' = K + PE into workspace, then
// attention v039 (the design sinusoidal v048 fuses the PE into) runs on them.
// v048 against v059 is what fusion gains on one design; v000 against v048
// mixes that with the change of attention design (v001's row kernel).
// Limits: attention v039's (Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA,
// cross; a build for sm_90a); any position (accurate sincosf).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v000_separate.cuh"

namespace fuselab::kernels::sinusoidal::v059 {

// Q' and K' first, attention v039's buffers after them.
inline std::size_t pe_bytes(const AttentionProblem& p) { return align_up(v000::workspace_bytes(p), 256); }

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return pe_bytes(p) + attention::v039::workspace_bytes(p);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const AttentionProblem p2 = v000::with_pe_added(p, workspace, stream);
  attention::v039::launch(p2, static_cast<char*>(workspace) + pe_bytes(p), stream);
}

}  // namespace fuselab::kernels::sinusoidal::v059
