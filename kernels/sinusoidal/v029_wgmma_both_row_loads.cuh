// sinusoidal v029 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v023's phases (v022's phase 1, v019's wgmma phase 3).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v023_wgmma_both_row_loads.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v029 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v023::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v029
