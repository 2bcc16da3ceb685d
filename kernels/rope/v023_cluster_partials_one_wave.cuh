// rope v023 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v016's phases (phase-1 partials summed in
// clusters that all fit on the device at once).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross.
#pragma once

#include "kernels/attention/v016_cluster_partials_one_wave.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v023 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v016::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v023
