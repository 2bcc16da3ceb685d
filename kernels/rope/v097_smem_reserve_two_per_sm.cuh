// rope v097 — v095 (attention v078's head tile with the rotation) launched
// as attention v079: 100 KB of dynamic shared memory reserved, two blocks an
// SM at most; the kernel unchanged.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation); at D = 128 the fast path as attention v078's.
#pragma once

#include "kernels/attention/v079_smem_reserve_two_per_sm.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v097 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::v079::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v097
