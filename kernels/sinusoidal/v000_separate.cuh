// sinusoidal v000 — the separate pipeline (the family baseline):
//   1. add_pe_kernel: one grid-stride pass over Q and K together, one float4
//      per step: Q' = Q + PE(q_offset + s), K' = K + PE(k_offset + s), written
//      to workspace (accurate sincosf, inv_freq from p.inv_freq).
//   2. attention v001 (one block per query row, online softmax) on Q', K', V —
//      the same attention core the fused row versions v001-v006 are built on,
//      so the comparison isolates the fusion.
// Limits: those of attention v001 (D % 4 == 0, D <= 16384).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/separate_pe_pass.cuh"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::sinusoidal::v000 {

static __global__ void __launch_bounds__(256)
    add_pe_kernel(const float* __restrict__ q, const float* __restrict__ k,
                  const float* __restrict__ inv_freq, float* __restrict__ qo,
                  float* __restrict__ ko, long nq4, long nk4, int D, int Sq, int Sk, int q_offset,
                  int k_offset) {
  const long total = nq4 + nk4;
  for (long idx = long(blockIdx.x) * blockDim.x + threadIdx.x; idx < total;
       idx += long(gridDim.x) * blockDim.x) {
    const bool is_q = idx < nq4;
    const long e = (is_q ? idx : idx - nq4) * 4;  // element index, d % 4 == 0
    const int d = int(e % D);
    const long row = e / D;
    const int pos = is_q ? q_offset + int(row % Sq) : k_offset + int(row % Sk);
    float4 x = ldg4((is_q ? q : k) + e);
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + d / 2));
    sin_add4(x, pos, f.x, f.y);
    st4((is_q ? qo : ko) + e, x);
  }
}

using separate_pe_pass::q_bytes;
inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return q_bytes(p) + std::size_t(p.B) * p.Hkv * p.Sk * p.D * sizeof(float);
}

// Adds the PE to Q into qo (if non-null) and to K into ko (if non-null), one
// launch.
inline void add_pe(const AttentionProblem& p, float* qo, float* ko, cudaStream_t stream) {
  const long nq4 = qo ? long(p.B) * p.Hq * p.Sq * p.D / 4 : 0;
  const long nk4 = ko ? long(p.B) * p.Hkv * p.Sk * p.D / 4 : 0;
  const long blocks = std::max<long>(1, std::min<long>((nq4 + nk4 + 255) / 256, 132L * 16));
  add_pe_kernel<<<unsigned(blocks), 256, 0, stream>>>(p.q, p.k, p.inv_freq, qo, ko, nq4, nk4, p.D,
                                                      p.Sq, p.Sk, p.q_offset, p.k_offset);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

// The pass over K alone, or over Q and K, into the workspace; the problem on
// what it wrote (common/separate_pe_pass.cuh).
inline constexpr auto& k_pe_added = separate_pe_pass::k_done<&add_pe>;
inline constexpr auto& with_pe_added = separate_pe_pass::both_done<&add_pe>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::row_online_softmax::launch(with_pe_added(p, workspace, stream), nullptr, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v000
