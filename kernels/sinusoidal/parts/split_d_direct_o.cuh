// Part split_d_direct_o, first built as sinusoidal v041:
// v040 (one PE evaluation for Q and K on attention v030's
// phases) on attention v032: phase 3 stores O straight from its accumulators.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/direct_o_stores.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::split_d_direct_o {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::direct_o_stores::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::split_d_direct_o
