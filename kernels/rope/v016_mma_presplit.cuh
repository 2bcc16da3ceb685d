// rope v016 — v008's rotation hook on attention v010 (one cooperative launch,
// interleaved tiles, operands split once per element in fragment order; the
// rotation applied in that split pass).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/v010_mma_presplit.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v016 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  v008::with_hook(p, [&](const auto& pe) { attention::v010::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::v016
