// rope v021 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v014's phases (v013's with a wider softmax
// phase and v006's phase 3 below one wave).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v021 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v014::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v021
