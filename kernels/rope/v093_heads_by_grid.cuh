// rope v093 — v090 (attention v073's head tile with the rotation, turn count
// rounded on the FMA pipe) with the block's head and batch read from the
// grid (attention v076).
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation).
#pragma once

#include "kernels/attention/v076_heads_by_grid.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v093 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::v076::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v093
