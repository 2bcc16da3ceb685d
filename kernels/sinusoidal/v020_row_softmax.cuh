// sinusoidal v020 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v014's phases (v013's with a wider softmax phase and v006's
// phase 3 below one wave).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v014_row_softmax.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v020 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v014::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v020
