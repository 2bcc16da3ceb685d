// sinusoidal v104 — v058's PE (v040's: one evaluation for Q and K) on
// attention v091: the partial score tiles dropped from L2 after phase 2.
// Limits: as v096.
#pragma once

#include "kernels/attention/v091_discard_partials.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v104 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v091::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v104
