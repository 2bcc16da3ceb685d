// sinusoidal v058 — v048 (v040's PE, one evaluation for Q and K, on
// attention v039) on attention v050: phases 1 and 2 let the next launch
// start as their blocks begin.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v058 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v050::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v058
