// sinusoidal v102 — v058's PE (v040's: one evaluation for Q and K) on
// attention v089: V sent to L2 by phase 1's blocks as they end.
// Limits: as v096.
#pragma once

#include "kernels/attention/v089_v_to_l2_as_phase1_ends.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v102 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v089::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v102
