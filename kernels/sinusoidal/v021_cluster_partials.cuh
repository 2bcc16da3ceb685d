// sinusoidal v021 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v015's phases (phase-1 partials summed in clusters of up to 8
// chunks before they reach global memory).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v015_cluster_partials.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v021 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v015::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v021
