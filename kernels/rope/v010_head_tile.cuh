// rope v010 — attention v004's small-D head tile with Q and K rotated in
// shared memory once per element of a block (v008's hooks: accurate sincosf;
// neox pairs i and i + D/2 both sit in the block's rows).
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v004_head_tile.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v010 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) {
    attention::v004::launch_with<attention::v004::kRowsV004>(p, pe, stream);
  });
}

}  // namespace fuselab::kernels::rope::v010
