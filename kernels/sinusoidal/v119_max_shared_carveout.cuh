// sinusoidal v119 — v058's PE (v040's: one evaluation for Q and K) on
// attention v106: v103 with every kernel of the pipeline at the largest
// shared-memory carveout.
// Limits: as v096.
#pragma once

#include "kernels/attention/v106_max_shared_carveout.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v119 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v106::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v119
