// rope v094 — v052 (attention v041's two-row blocks with v017's rotation in
// registers) with each block's head and batch read from the grid (attention
// v077).
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation).
#pragma once

#include "kernels/attention/v077_rows_heads_by_grid.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v094 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v077::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v094
