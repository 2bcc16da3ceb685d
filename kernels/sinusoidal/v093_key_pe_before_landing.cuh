// sinusoidal v093 — v092 (attention v078's head tile with v087's PE) with
// K's PE values (sin, cos at the lane's dims for the warp's 4 keys) taken
// from the keys' positions and frequencies before K's rows land, and added
// after (attention v073's kernel with kKeyPeEarly). In v092 they follow the
// wait on K, so every warp of an SM starts its 16 SFU operations at once
// when K lands.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE); at D = 128 the
// fast path as attention v078's.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/unshifted_exps.cuh"
#include "kernels/common/problem.h"
#include "kernels/sinusoidal/parts/reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v093 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::unshifted_exps::launch_with<true>(p, reduction_on_fma_pipe::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v093
