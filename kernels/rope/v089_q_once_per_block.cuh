// rope v089 — attention v073 (Q's rows loaded and rotated once per block, K
// and V by cp.async) with v017's rotation (reduced angle + __sincosf); neox
// pairs read back into one lane, as in v055.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run rope v019).
#pragma once

#include "kernels/attention/v073_q_once_per_block.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v089 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReduced>(p, [&](const auto& pe) { attention::v073::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v089
