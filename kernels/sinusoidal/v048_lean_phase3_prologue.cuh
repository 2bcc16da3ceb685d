// sinusoidal v048 — v041 (v040's PE, one evaluation for Q and K, on
// attention v032) on attention v039: phase 3's prologue leaner (V addresses
// stepped, P split by masking).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include "kernels/attention/parts/lean_pv_prologue.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/register_qk_shared_pe.cuh"

namespace fuselab::kernels::sinusoidal::v048 {

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::lean_pv_prologue::Launches::launch_with(p, register_qk_shared_pe::Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v048
