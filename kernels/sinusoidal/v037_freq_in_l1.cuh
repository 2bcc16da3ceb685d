// sinusoidal v037 — v035 (v017's PE on attention v029) with each phase-1 block
// pulling its inv_freq range into L1 first (FreqInL1,
// kernels/common/freq_prefetch.cuh), so no sub-tile's PE waits on an L1 miss.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/common/freq_prefetch.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v037 {

using Pe = FreqInL1<v017::Pe>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v029::launch_with(p, Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v037
