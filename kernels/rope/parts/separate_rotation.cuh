// Part separate_rotation, first built as rope v000:
// the separate pipeline (the family baseline):
//   1. rope_qk_kernel: one grid-stride pass over Q and K together writes the
//      rotated Q', K' to workspace. Interleaved: one float4 (two pairs) per
//      step; neox: the float4 at i and the float4 at i + D/2 per step. Accurate
//      sincosf, inv_freq from p.inv_freq.
//   2. attention v001 (one block per query row, online softmax) on Q', K', V.
// Limits: D % 4 == 0 (D % 8 for neox), D <= 16384.
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

namespace fuselab::kernels::rope::separate_rotation {

// Rotate one unit of a row-major [rows, D] tensor whose row r sits at
// position offset + r % S. Unit u: interleaved = float4 u of the row;
// neox = float4 u of the low half together with float4 u of the high half.
template <bool kNeox>
__device__ __forceinline__ void rotate_unit(const float* __restrict__ src, float* __restrict__ dst,
                                            const float* __restrict__ inv_freq, long unit, int D,
                                            int S, int offset) {
  const int per_row = kNeox ? D / 8 : D / 4;
  const long row = unit / per_row;
  const int u = int(unit % per_row);
  const int pos = offset + int(row % S);
  const float* s = src + row * D;
  float* o = dst + row * D;
  if constexpr (kNeox) {
    const int half = D / 2;
    float4 lo = ldg4(s + 4 * u), hi = ldg4(s + half + 4 * u);
    rope_neox4<Sincos::kAccurate>(lo, hi, pos, ldg4(inv_freq + 4 * u));
    st4(o + 4 * u, lo);
    st4(o + half + 4 * u, hi);
  } else {
    float4 x = ldg4(s + 4 * u);
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + 2 * u));
    rope_inter4<Sincos::kAccurate>(x, pos, f.x, f.y);
    st4(o + 4 * u, x);
  }
}

template <bool kNeox>
__global__ void __launch_bounds__(256)
    rope_qk_kernel(const AttentionProblem p, float* __restrict__ qo, float* __restrict__ ko,
                   long nq_units, long nk_units) {
  const long total = nq_units + nk_units;
  for (long idx = long(blockIdx.x) * blockDim.x + threadIdx.x; idx < total;
       idx += long(gridDim.x) * blockDim.x) {
    if (idx < nq_units)
      rotate_unit<kNeox>(p.q, qo, p.inv_freq, idx, p.D, p.Sq, p.q_offset);
    else if (ko != nullptr)
      rotate_unit<kNeox>(p.k, ko, p.inv_freq, idx - nq_units, p.D, p.Sk, p.k_offset);
  }
}

using separate_pe_pass::q_bytes;
inline std::size_t k_bytes(const AttentionProblem& p) {
  return align_up(std::size_t(p.B) * p.Hkv * p.Sk * p.D * sizeof(float), 256);
}
inline std::size_t workspace_bytes(const AttentionProblem& p) { return q_bytes(p) + k_bytes(p); }

// Rotate Q into qo (if non-null) and K into ko (if non-null), one launch.
inline void rotate_qk(const AttentionProblem& p, float* qo, float* ko, cudaStream_t stream) {
  const bool neox = p.pe == PeKind::RopeNeox;
  const int per_row = neox ? p.D / 8 : p.D / 4;
  const long nq = qo ? long(p.B) * p.Hq * p.Sq * per_row : 0;
  const long nk = ko ? long(p.B) * p.Hkv * p.Sk * per_row : 0;
  const long blocks = std::max<long>(1, std::min<long>((nq + nk + 255) / 256, 132L * 16));
  if (neox)
    rope_qk_kernel<true><<<unsigned(blocks), 256, 0, stream>>>(p, qo, ko, nq, nk);
  else
    rope_qk_kernel<false><<<unsigned(blocks), 256, 0, stream>>>(p, qo, ko, nq, nk);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

// The pass over K alone, or over Q and K, into the workspace; the problem on
// what it wrote (common/separate_pe_pass.cuh).
inline constexpr auto& k_rotated = separate_pe_pass::k_done<&rotate_qk>;
inline constexpr auto& rotated = separate_pe_pass::both_done<&rotate_qk>;

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::row_online_softmax::launch(rotated(p, workspace, stream), nullptr, stream);
}

}  // namespace fuselab::kernels::rope::separate_rotation
