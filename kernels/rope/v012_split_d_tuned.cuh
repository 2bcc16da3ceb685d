// rope v012 — v008 (split-D, every Q and K element rotated once per query
// head as its sub-tile lands) on attention v006's tuned phases.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v006_split_d_tuned.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v012 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v006::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v012
