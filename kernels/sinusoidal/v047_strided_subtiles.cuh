// sinusoidal v047 — v041 (v040's PE, one evaluation for Q and K, on
// attention v032) on attention v038: phase 1's sub-tiles dealt out strided.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v038_strided_subtiles.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v047 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v038::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v047
