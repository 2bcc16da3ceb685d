// sinusoidal v044 — v043 (v040's PE on attention v034) on attention v035:
// phase 3 launched as phase 1 begins, each block waiting on its head's count.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v035_phase3_on_head_counts.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v044 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v035::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v044
