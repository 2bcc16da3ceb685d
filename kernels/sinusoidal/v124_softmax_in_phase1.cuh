// sinusoidal v124 — v058's PE (v040's: one evaluation for Q and K) on
// attention v111: v103 in two launches, phase 1's blocks taking the softmax
// rows after a barrier per head.
// Limits: as v096.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/softmax_in_phase1.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v124 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::softmax_in_phase1::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v124
