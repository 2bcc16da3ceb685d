// sinusoidal v071 — v069's PE on attention v062 (v061 with the softmax in
// base 2 and one reciprocal per row).
// Limits: Sq, Sk <= 64, D % 32 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v061_ffma_two_per_sm.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v071 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v060::launch_with<attention::v061::kVDims, true>(p, v016::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v071
