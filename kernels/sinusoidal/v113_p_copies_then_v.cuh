// sinusoidal v113 — v058's PE (v040's: one evaluation for Q and K) on
// attention v100: v099 with P read from 16 copies.
// Limits: as v096.
#pragma once

#include "kernels/attention/v100_p_copies_then_v.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v113 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v100::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v113
