// rope v092 — attention v075 (v074's tensor-core head tile with 16 warps and
// vector fragments) with v090's rotation, given to Q's and K's rows in shared
// memory as they land.
// Limits: Sk <= 64, D <= 256, D % 4 == 0 (D % 8 for neox), positions < 2^17;
// causal, GQA, cross (D = 128 compiled; other D run v012's kernel with this
// rotation).
#pragma once

#include "kernels/attention/v075_mma_sixteen_warps.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v092 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  v008::with_hook<Sincos::kReducedFma>(p, [&](const auto& pe) { attention::v075::launch_with(p, pe, stream); });
}

}  // namespace fuselab::kernels::rope::v092
