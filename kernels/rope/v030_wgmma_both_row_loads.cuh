// rope v030 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v023's phases (v022's phase 1, v019's wgmma
// phase 3).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v023_wgmma_both_row_loads.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v030 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v023::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v030
