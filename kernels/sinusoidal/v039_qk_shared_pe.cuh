// sinusoidal v039 — v038 (v017's PE on attention v031's TMA phase 1, inv_freq
// in L1 first) with one PE evaluation for the Q and K float4s a thread holds
// at the same (row, dims) when q_offset == k_offset (QkShared,
// kernels/common/qk_shared_pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v031_tma_mask_split.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v039 {

using Pe = QkShared<FreqInL1<v017::Pe>>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v031::launch_with(p, Pe{{{p.inv_freq}}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v039
