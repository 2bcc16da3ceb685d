// sinusoidal v112 — v058's PE (v040's: one evaluation for Q and K) on
// attention v099: v098 with no V in flight until every phase-3 block has P.
// Limits: as v096.
#pragma once

#include "kernels/attention/v099_v_after_every_p.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v112 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v099::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v112
