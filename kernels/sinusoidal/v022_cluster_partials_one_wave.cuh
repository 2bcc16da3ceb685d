// sinusoidal v022 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v016's phases (phase-1 partials summed in clusters that all
// fit on the device at once).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA, cross.
#pragma once

#include "kernels/attention/v016_cluster_partials_one_wave.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v022 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v016::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v022
