// rope v032 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land, each element once) on attention v025 (one launch, a
// cluster per head, both products on wgmma).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v025_cluster_fused_wgmma.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v032 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v025::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v032
