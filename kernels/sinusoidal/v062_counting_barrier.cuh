// sinusoidal v062 — v048's PE (v040: one evaluation for Q and K) on
// attention v053: v052's kernel launched plainly, its grid barriers counted
// in a workspace word.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v053_counting_barrier.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v062 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v053::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v062
