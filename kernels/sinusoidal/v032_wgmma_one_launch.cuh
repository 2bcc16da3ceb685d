// sinusoidal v032 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v026 (v024's phases in one cooperative launch).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v026_wgmma_one_launch.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v032 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v026::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v032
