// sinusoidal v084 — v058's PE (one evaluation for Q and K in phase 1's
// loader) on attention v071: phase 1 planned for one block per SM.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v071_phase1_one_per_sm.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v084 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v071::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v084
