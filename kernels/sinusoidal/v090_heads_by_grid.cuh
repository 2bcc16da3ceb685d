// sinusoidal v090 — v087 (attention v073's head tile with v087's PE) with
// the block's head and batch read from the grid (attention v076).
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross
// (D = 128 compiled; other D run v012's kernel with this PE).
#pragma once

#include "kernels/attention/v076_heads_by_grid.cuh"
#include "kernels/sinusoidal/v087_reduction_on_fma_pipe.cuh"

namespace fuselab::kernels::sinusoidal::v090 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v076::launch_with(p, v087::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v090
