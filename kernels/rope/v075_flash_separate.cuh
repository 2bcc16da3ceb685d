// rope v075 — the separate pipeline on the flash kernel: v000's rotation pass
// writes Q' and K' into workspace, then attention v059 (the design rope v071
// fuses the rotation into) runs on them. v071 against v075 is what fusion
// gains on the flash design.
// Limits: attention v059's (D = 128; any Sq, Sk; causal, GQA, cross; a build
// for sm_90a); any position (accurate sincosf).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v059_flash_late_raw_wait.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/v000_separate.cuh"

namespace fuselab::kernels::rope::v075 {

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v000::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v059::launch(v000::rotated(p, workspace, stream), nullptr, stream);
}

}  // namespace fuselab::kernels::rope::v075
