// rope v028 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v021's phases (wgmma phases 1 and 3, V
// prefetched into L2 during phase 1, Q and K read evict-first).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v021_wgmma_v_in_l2.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v028 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v021::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v028
