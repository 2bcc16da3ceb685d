// rope v011 — rope v010 (attention v004's head tile with RoPE fused) at 4
// query rows per block (attention v005's geometry).
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v005_head_tile_4rows.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v011 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  constexpr int kRows = attention::v005::kRows;
  v008::with_hook(p, [&](const auto& pe) { attention::v004::launch_with<kRows>(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v011
