// sinusoidal v089 — attention v075 (v074's tensor-core head tile with 16
// warps and vector fragments) with v087's PE, given to Q's and K's rows in
// shared memory as they land.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/v075_mma_sixteen_warps.cuh"
#include "kernels/sinusoidal/v087_reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v089 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v075::launch_with(p, v087::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v089
