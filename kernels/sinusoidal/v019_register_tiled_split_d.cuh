// sinusoidal v019 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v013's phases (8x8 register tiles in phases 1 and 3).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v013_register_tiled_split_d.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v019 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v013::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v019
