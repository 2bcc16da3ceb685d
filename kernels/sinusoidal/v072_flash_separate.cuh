// sinusoidal v072 — the separate pipeline on the flash kernel: v000's PE pass
// writes Q' = Q + PE and K' = K + PE into workspace, then attention v059
// (the design sinusoidal v068 fuses the PE into) runs on them. v068 against
// v072 is what fusion gains on the flash design.
// Limits: attention v059's (D = 128; any Sq, Sk; causal, GQA, cross; a build
// for sm_90a); any position (accurate sincosf).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v059_flash_late_raw_wait.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/v000_separate.cuh"

namespace fuselab::kernels::sinusoidal::v072 {

inline std::size_t workspace_bytes(const AttentionProblem& p) { return v000::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v059::launch(v000::with_pe_added(p, workspace, stream), nullptr, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v072
