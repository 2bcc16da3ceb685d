// rope v026 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v019's phases (phases 1 and 3 on wgmma at
// fp32 accuracy).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v019_wgmma_scores_and_pv.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v026 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v019::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v026
