// sinusoidal v095 — v058's PE (v040's: one evaluation for Q and K) on
// attention v081: phase 1's products as 3xFP16.
// Limits: as v058, and v081's fp16 range for Q and K after their PE.
#pragma once

#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/sinusoidal/v040_register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v095 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v081::launch_with(p, v040::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v095
