// rope v031 — v018's rotation (reduced __sincosf, Q and K rotated as their
// sub-tiles land) on attention v024's phases (v022's phase 1; phase 3 on
// wgmma with V^T from registers).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v031 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v024::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v031
