// sinusoidal v111 — v058's PE (v040's: one evaluation for Q and K) on
// attention v098: v082 with phase 3's P loads issued ahead of its V.
// Limits: as v096.
#pragma once

#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v111 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v098::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v111
