// sinusoidal v108 — v058's PE (v040's: one evaluation for Q and K) on
// attention v095: phase 2's softmax taken by phase 3's blocks,
// V put in flight once P is in shared memory.
// Limits: as v096.
#pragma once

#include "kernels/attention/v095_softmax_in_phase3_p_before_v.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v108 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v095::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v108
