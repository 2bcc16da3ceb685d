// rope v022 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v015's phases (phase-1 partials summed in
// clusters of up to 8 chunks before they reach global memory).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v015_cluster_partials.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v022 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v015::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v022
