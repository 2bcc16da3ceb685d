// sinusoidal v043 — v041 (v040's PE, one evaluation for Q and K, on
// attention v032) on attention v034: phase 1's scores summed at L2, the
// softmax in each phase-3 block, two launches and a zeroing kernel.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v034_scores_summed_in_l2.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v043 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v034::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v043
