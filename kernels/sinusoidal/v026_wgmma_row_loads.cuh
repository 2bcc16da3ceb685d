// sinusoidal v026 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v020's phases (phase 1 on wgmma with row-coalesced loads).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v026 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v020::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v026
