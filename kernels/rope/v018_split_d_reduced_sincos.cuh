// rope v018 — v012 (split-D on attention v006's tuned phases, Q and K rotated
// as their sub-tiles land) with sin/cos of the angle reduced to [-pi, pi] and
// then the SFU's __sincosf (Sincos::kReduced, kernels/common/pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v018 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v006::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v018
