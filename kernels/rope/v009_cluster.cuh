// rope v009 — attention v003's one-launch cluster design with Q and K rotated
// in shared memory as each tile lands (v008's hooks: accurate sincosf; neox
// tiles pair 16 dims of the low half with the same 16 of the high half).
// Each Q element is rotated once, each K element once per 32-row query slice
// (twice at Sq = 64) — against 16-64 times in the study's fused kernels.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v003_cluster.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v009 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v003::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v009
