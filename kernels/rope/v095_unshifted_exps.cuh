// rope v095 — v093 (attention v076's head tile with the rotation, turn count
// rounded on the FMA pipe) with attention v078's tail: each score's
// exponential taken once, unshifted, by the lane that sums it, and the
// division by the row sum at the output.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation); at D = 128 the fast path as attention v078's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/unshifted_exps.cuh"
#include "kernels/common/problem.h"
#include "kernels/rope/parts/split_d_rotation.cuh"

namespace fuselab::kernels::rope::v095 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  split_d_rotation::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::unshifted_exps::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v095
