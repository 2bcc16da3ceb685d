// rope v019 — attention v012's head tile compiled per head_dim, with v017's
// rotation (reduced angle + __sincosf) in shared memory.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v012_head_tile_static_d.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v019 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v012::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v019
