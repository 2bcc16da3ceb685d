// Part register_qk_shared_pe, first built as sinusoidal v040:
// v036 (v017's PE on attention v030: register loader, masked
// split) with one PE evaluation for the Q and K float4s a loader thread holds
// at the same rows and dims when q_offset == k_offset (QkShared,
// kernels/common/qk_shared_pe.cuh).
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0, positions < 2^17; causal, GQA,
// cross; a build for sm_90a.
#pragma once

#include "kernels/attention/parts/tf32_mask_split.cuh"
#include "kernels/common/qk_shared_pe.cuh"
#include "kernels/sinusoidal/parts/split_d_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::register_qk_shared_pe {

using Pe = QkShared<split_d_reduced_sincos::Pe>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::tf32_mask_split::launch_with(p, Pe{{p.inv_freq}}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::register_qk_shared_pe
