// sinusoidal v109 — v058's PE (v040's: one evaluation for Q and K) on
// attention v096: v093 with its head barrier words on their own
// lines and P in 16 copies.
// Limits: as v096.
#pragma once

#include "kernels/attention/v096_no_hot_lines.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v109 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v096::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v109
