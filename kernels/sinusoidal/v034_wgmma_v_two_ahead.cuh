// sinusoidal v034 — v030 (v017's PE on attention v024) with attention v028's
// phase 3 (V two steps ahead).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v034 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v028::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v034
