// sinusoidal v057 — v048 (v040's PE, one evaluation for Q and K, on
// attention v039) on attention v049: two launches, the softmax taken by each
// head's last phase-1 block.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v049_softmax_by_last_block.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v057 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v049::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v057
