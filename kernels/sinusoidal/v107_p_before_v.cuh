// sinusoidal v107 — v058's PE (v040's: one evaluation for Q and K) on
// attention v094: phase 3 loads P before it puts V in flight.
// Limits: as v096.
#pragma once

#include "kernels/attention/v094_p_before_v.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v107 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v094::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v107
