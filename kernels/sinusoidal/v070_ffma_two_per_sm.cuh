// sinusoidal v070 — v069's PE on attention v061 (v060 with 32-dim V items,
// twice the blocks at D = 512 and 2048).
// Limits: Sq, Sk <= 64, D % 32 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v061_ffma_two_per_sm.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v070 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v060::launch_with<attention::v061::kVDims>(p, v016::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v070
