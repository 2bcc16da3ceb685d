// rope v015 — v008's rotation hook on attention v009 (tensor-core split-D in
// one launch, interleaved tiles, block-per-row softmax), the rotation applied
// to tile it+1 while the mma runs on tile it.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v009_mma_interleaved.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v015 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v009::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v015
