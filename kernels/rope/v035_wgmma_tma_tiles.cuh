// rope v035 — v018's rotation (reduced __sincosf) on attention v027's phases:
// each float4 of a TMA-landed stage is rotated before its split. Neox lands
// the 16 low dims and the same 16 high dims of a sub-tile as two boxes per
// tensor, so a thread holds both halves of its pairs at the same offset.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross; a build for sm_90a.
#pragma once

#include <type_traits>

#include "kernels/attention/v027_wgmma_tma_tiles.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v035 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v027::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v035
