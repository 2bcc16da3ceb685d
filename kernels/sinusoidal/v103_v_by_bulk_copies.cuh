// sinusoidal v103 — v058's PE (v040's: one evaluation for Q and K) on
// attention v090: phase 3's V landed by bulk copies.
// Limits: as v096.
#pragma once

#include "kernels/attention/v090_v_by_bulk_copies.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v103 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v090::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v103
