// sinusoidal v030 — v017's PE (reduced __sincosf, added as Q/K sub-tiles land)
// on attention v024's phases (v022's phase 1; phase 3 on wgmma with V^T
// from registers).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v024_wgmma_pv_register_a.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v030 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v024::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v030
