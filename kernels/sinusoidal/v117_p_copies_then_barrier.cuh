// sinusoidal v117 — v058's PE (v040's: one evaluation for Q and K) on
// attention v104: v103 with a barrier between phase 3's P copies and its V
// copies.
// Limits: as v096.
#pragma once

#include "kernels/attention/v104_p_copies_then_barrier.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v117 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v104::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v117
