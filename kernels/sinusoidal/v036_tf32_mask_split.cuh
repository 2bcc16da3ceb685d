// sinusoidal v036 — v035 (v017's PE on attention v029) on attention v030's
// phases: the 3xTF32 split by masking in phases 1 and 3.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v036 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v030::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v036
