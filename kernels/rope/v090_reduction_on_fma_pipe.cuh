// rope v090 — v089 (attention v073: Q loaded and rotated once per block)
// with the angle's turn count rounded by two adds on the FMA pipe instead of
// rintf (Sincos::kReducedFma): the same values as v017's rotation.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation).
#pragma once

#include "kernels/attention/v073_q_once_per_block.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v090 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::v073::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v090
