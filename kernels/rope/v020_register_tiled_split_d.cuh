// rope v020 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v013's phases (8x8 register tiles in phases 1
// and 3).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v020 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v013::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v020
