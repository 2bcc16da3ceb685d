// sinusoidal v038 — v017's PE (reduced __sincosf) on attention v031 (TMA
// phase 1, masked split), each block's inv_freq range pulled into L1 first
// (FreqInL1).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v031_tma_mask_split.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v038 {

using Pe = FreqInL1<v017::Pe>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v031::launch_with(p, Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v038
