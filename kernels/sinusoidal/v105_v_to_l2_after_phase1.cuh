// sinusoidal v105 — v058's PE (v040's: one evaluation for Q and K) on
// attention v092: V sent to L2 by phase 2's blocks once phase 1 is complete.
// Limits: as v096.
#pragma once

#include "kernels/attention/v092_v_to_l2_after_phase1.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v105 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v092::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v105
