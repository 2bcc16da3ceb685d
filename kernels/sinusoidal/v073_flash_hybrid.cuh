// sinusoidal v073 — the hybrid on the flash kernel: v000's PE pass adds the
// PE to K alone (accurate sincosf) into workspace, once per element; attention
// v059's flash kernel adds v016's PE (reduced angle + __sincosf) to Q as it
// lands and reads K' as it is. Against v068 (both fused) it trades K's PE,
// recomputed by every 128-row block (8 times per key at Sq = 1024), for a
// pass that reads K and writes K'.
// Limits: D = 128, query positions < 2^17; any Sq, Sk; causal, GQA, cross;
// a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/q_only_hook.cuh"
#include "kernels/sinusoidal/v000_separate.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v073 {

using Pe = QOnly<v016::Pe>;

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return std::size_t(p.B) * p.Hkv * p.Sk * p.D * sizeof(float);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::v054::launch_with<true, true, true, true>(v000::k_pe_added(p, workspace, stream), Pe{{p.inv_freq}},
                                                      stream);
}

}  // namespace fuselab::kernels::sinusoidal::v073
