// sinusoidal v028 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v022's phases (phase 1 on wgmma, rows-per-warp loads, padded
// conflict-free split stores).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v022_wgmma_row_loads_padded.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v028 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v022::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v028
