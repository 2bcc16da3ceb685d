// sinusoidal v042 — v041 (one PE evaluation for Q and K, O straight from
// the accumulators) on attention v033: phase 3's A fragments double-buffered.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v033_pv_a_double_buffered.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v042 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v033::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v042
