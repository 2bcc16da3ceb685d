// sinusoidal v085 — v058's PE (one evaluation for Q and K in phase 1's
// loader) on attention v072: phase 1 two sub-tiles ahead.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v072_phase1_two_ahead.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v085 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v072::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v085
