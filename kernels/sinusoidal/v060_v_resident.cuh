// sinusoidal v060 — v048's PE (v040: one evaluation for Q and K) on
// attention v051: V read into shared memory during phase 1, in one
// cooperative launch.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/v_resident.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v060 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v_resident::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v060
