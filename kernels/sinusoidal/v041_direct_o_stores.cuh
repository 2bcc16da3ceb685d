// sinusoidal v041 — v040 (one PE evaluation for Q and K on attention v030's
// phases) on attention v032: phase 3 stores O straight from its accumulators.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v032_direct_o_stores.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v041 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v032::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v041
