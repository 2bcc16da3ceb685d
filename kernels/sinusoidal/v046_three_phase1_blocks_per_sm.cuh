// sinusoidal v046 — v041 (v040's PE, one evaluation for Q and K, on
// attention v032) on attention v037: phase 1 at three blocks per SM.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v037_three_phase1_blocks_per_sm.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v046 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v037::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v046
