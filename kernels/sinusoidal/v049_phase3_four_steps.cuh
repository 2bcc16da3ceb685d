// sinusoidal v049 — v048 (v040's PE on attention v039) on attention v040:
// phase 3 at one block per SM, four 128-dim steps each at D = 16384.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v040_phase3_four_steps.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v049 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v040::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v049
