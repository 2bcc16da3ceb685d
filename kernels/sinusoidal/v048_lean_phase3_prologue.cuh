// sinusoidal v048 — v041 (v040's PE, one evaluation for Q and K, on
// attention v032) on attention v039: phase 3's prologue leaner (V addresses
// stepped, P split by masking).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v039_lean_phase3_prologue.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v048 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v039::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v048
