// rope v014 — v013 in one cooperative launch (attention v008).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v008_mma_one_launch.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v014 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v008::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v014
