// sinusoidal v110 — v058's PE (v040's: one evaluation for Q and K) on
// attention v097: v082 with the last quarter of phase 1's sub-tiles handed
// out as blocks free up.
// Limits: as v096.
#pragma once

#include "kernels/attention/v097_phase1_pooled_tail.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v110 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v097::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v110
