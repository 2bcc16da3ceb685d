// sinusoidal v040 — v036 (v017's PE on attention v030: register loader, masked
// split) with one PE evaluation for the Q and K float4s a loader thread holds
// at the same rows and dims when q_offset == k_offset (QkShared,
// kernels/common/qk_shared_pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/v017_split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v040 {

using Pe = QkShared<v017::Pe>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v030::launch_with(p, Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v040
