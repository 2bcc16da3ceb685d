// sinusoidal v088 — attention v074 (the D = 128 head tile on the tensor
// cores, eight query rows a block) with v087's PE (reduced angle, turn count
// rounded on the FMA pipe, __sincosf), given to Q's and K's rows in shared
// memory as they land.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/v074_mma_head_tile.cuh"
#include "kernels/sinusoidal/v087_reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v088 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v074::launch_with(p, v087::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v088
