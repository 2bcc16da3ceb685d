// rope v074 — v072's rotation on attention v062 (v061 with the softmax in
// base 2 and one reciprocal per row).
// Limits: Sq, Sk <= 64, D % 32 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v061_ffma_two_per_sm.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v074 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) {
    attention::v060::launch_with<attention::v061::kVDims, true>(p, pe, workspace, stream);
  });
}

}  // namespace fuselab::kernels::rope::v074
