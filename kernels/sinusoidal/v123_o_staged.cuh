// sinusoidal v123 — v058's PE (v040's: one evaluation for Q and K) on
// attention v110: v103 with phase 3's O staged in shared memory and stored
// as float4 row pieces.
// Limits: as v096.
#pragma once

#include "kernels/attention/v110_o_staged.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v123 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v110::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v123
