// sinusoidal v121 — v058's PE (v040's: one evaluation for Q and K) on
// attention v108: v103 with phase 3's blocks resident beside phase 2's, each
// sending its V to L2 as it begins.
// Limits: as v096.
#pragma once

#include "kernels/attention/v108_v_to_l2_beside_phase2.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v121 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v108::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v121
