// rope v091 — attention v074 (the D = 128 head tile on the tensor cores,
// eight query rows a block) with v090's rotation (reduced angle, turn count
// rounded on the FMA pipe, __sincosf), given to Q's and K's rows in shared
// memory as they land.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation).
#pragma once

#include "kernels/attention/v074_mma_head_tile.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v091 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::v074::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v091
