// sinusoidal v018 — attention v012's head tile compiled per head_dim, with
// v016's PE (reduced angle + __sincosf) added in shared memory.
// Limits: Sk <= 64, D <= 256, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v012_head_tile_static_d.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v018 {

inline void launch(const AttentionProblem& p, void*, cudaStream_t stream) {
  attention::v012::launch_with(p, v016::Pe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v018
