// sinusoidal v035 — v034 (v017's PE on attention v028) on attention v029's
// phases: phase 2's partial loads in flight together.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v029_softmax_loads_in_flight.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v035 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v029::launch_with(p, v017::Pe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v035
