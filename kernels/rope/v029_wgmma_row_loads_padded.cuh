// rope v029 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v022's phases (phase 1 on wgmma, rows-per-warp
// loads, padded split stores).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v029 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v022::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v029
