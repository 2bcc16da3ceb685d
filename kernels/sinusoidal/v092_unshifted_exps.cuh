// sinusoidal v092 — v090 (attention v076's head tile with v087's PE) with
// attention v078's tail: each score's exponential taken once, unshifted, by
// the lane that sums it, and the division by the row sum at the output.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE); at D = 128 the
// fast path as attention v078's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/unshifted_exps.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/parts/reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v092 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::unshifted_exps::launch_with(p, reduction_on_fma_pipe::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v092
