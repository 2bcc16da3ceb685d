// sinusoidal v114 — v058's PE (v040's: one evaluation for Q and K) on
// attention v101: v082 with phase 3's V asked for in windows of half a step.
// Limits: as v096.
#pragma once

#include "kernels/attention/v101_v_in_windows.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v114 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v101::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v114
