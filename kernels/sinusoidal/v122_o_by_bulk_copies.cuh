// sinusoidal v122 — v058's PE (v040's: one evaluation for Q and K) on
// attention v109: v103 with phase 3's O staged in shared memory and sent by
// bulk copies, a query row each.
// Limits: as v096.
#pragma once

#include "kernels/attention/v109_o_by_bulk_copies.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v122 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v109::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v122
