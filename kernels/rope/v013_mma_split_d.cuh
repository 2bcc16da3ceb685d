// rope v013 — v008's rotation hook (accurate sincosf, every Q and K element
// rotated once per query head, here in shared memory as each tile lands; neox
// tiles pair 16 low dims with the same 16 high dims) on attention v007's
// tensor-core split-D phases (3xTF32, three launches).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v007_mma_split_d.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v013 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v007::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v013
