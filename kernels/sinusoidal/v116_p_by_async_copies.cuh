// sinusoidal v116 — v058's PE (v040's: one evaluation for Q and K) on
// attention v103: v082 with phase 3's P fetched by cp.async ahead of V.
// Limits: as v096.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/p_by_async_copies.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v116 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::p_by_async_copies::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v116
