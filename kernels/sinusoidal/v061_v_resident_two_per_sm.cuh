// sinusoidal v061 — v048's PE (v040: one evaluation for Q and K) on
// attention v052: V's first step resident from the start, its second loaded
// after phase 1, two blocks per SM, one cooperative launch.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v052_v_resident_two_per_sm.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v061 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v052::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v061
