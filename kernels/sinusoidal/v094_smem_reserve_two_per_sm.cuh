// sinusoidal v094 — v092 (attention v078's head tile with v087's PE)
// launched as attention v079: 100 KB of dynamic shared memory reserved, two
// blocks an SM at most; the kernel unchanged.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE); at D = 128 the
// fast path as attention v078's.
#pragma once

#include "kernels/attention/v079_smem_reserve_two_per_sm.cuh"
#include "kernels/sinusoidal/v087_reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v094 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v079::launch_with(p, v087::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v094
