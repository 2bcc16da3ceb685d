// sinusoidal v106 — v058's PE (v040's: one evaluation for Q and K) on
// attention v093: phase 2's softmax taken by phase 3's blocks.
// Limits: as v096.
#pragma once

#include "kernels/attention/v093_softmax_in_phase3.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v106 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v093::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v106
