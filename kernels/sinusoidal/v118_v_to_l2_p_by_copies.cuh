// sinusoidal v118 — v058's PE (v040's: one evaluation for Q and K) on
// attention v105: v103 (P by cp.async ahead of V) with v089's phase 1 (V
// sent to L2).
// Limits: as v096.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/v_to_l2_p_by_copies.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v118 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v_to_l2_p_by_copies::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v118
