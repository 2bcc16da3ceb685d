// sinusoidal v115 — v058's PE (v040's: one evaluation for Q and K) on
// attention v102: v098 with a barrier between phase 3's P loads and its V
// copies.
// Limits: as v096.
#pragma once

#include "kernels/attention/v102_p_loads_then_barrier.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v115 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v102::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v115
