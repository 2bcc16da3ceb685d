// rope v001 — full fusion with cos/sin tables (the study's first RoPE fusion).
// launch() builds cos and sin tables [Sq + Sk][D/2] for the positions in use
// (accurate sincosf; part of the version, timed). Attention v001's row kernel
// (one block per query row) rotates Q as it lands in shared memory and rotates
// EVERY K element it reads, once per query row, from table reads (float2 per
// interleaved float4, float4 cos + float4 sin per neox float4 pair): Sq-fold
// redundant K rotation plus table traffic as large as K itself.
// Limits: D % 4 == 0 (D % 8 for neox), D <= 16384.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/pe_table_fill.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::rope::v001 {

// cos_t, sin_t: [Sq + Sk][D/2]; rows < Sq are query positions.
static __global__ void __launch_bounds__(256)
    build_tables_kernel(const float* __restrict__ inv_freq, float* __restrict__ cos_t,
                        float* __restrict__ sin_t, int half, int Sq, int Sk, int q_offset,
                        int k_offset) {
  fill_pe_tables(inv_freq, half, Sq, Sk, q_offset, k_offset, [&](long idx, int, int, float s, float c) {
    cos_t[idx] = c;
    sin_t[idx] = s;
  });
}

inline std::size_t table_bytes(const AttentionProblem& p) {
  return align_up(std::size_t(p.Sq + p.Sk) * (p.D / 2) * sizeof(float), 256);
}
inline std::size_t workspace_bytes(const AttentionProblem& p) { return 2 * table_bytes(p); }

template <bool kNeox>
struct TablePe {
  static constexpr bool kPaired = kNeox;
  const float* cos_t;
  const float* sin_t;
  int half, q_offset, k_row0;  // k rows start at table row Sq: k_row0 = Sq - k_offset
  static constexpr int smem_floats(int) { return 0; }
  __device__ void prepare(const AttentionProblem&, float*) const {}
  __device__ void inter(float4& x, std::size_t t) const {  // t = table index of pair d/2
    const float2 c = __ldg(reinterpret_cast<const float2*>(cos_t + t));
    const float2 s = __ldg(reinterpret_cast<const float2*>(sin_t + t));
    rope_inter4_cs(x, c.x, s.x, c.y, s.y);
  }
  __device__ void neox(float4& lo, float4& hi, std::size_t t) const {
    rope_neox4_cs(lo, hi, ldg4(cos_t + t), ldg4(sin_t + t));
  }
  __device__ void q(float4& x, int pos, int d, const float*) const {
    inter(x, std::size_t(pos - q_offset) * half + d / 2);
  }
  __device__ void k(float4& x, int pos, int d, const float*) const {
    inter(x, std::size_t(pos + k_row0) * half + d / 2);
  }
  __device__ void q2(float4& lo, float4& hi, int pos, int i, const float*) const {
    neox(lo, hi, std::size_t(pos - q_offset) * half + i);
  }
  __device__ void k2(float4& lo, float4& hi, int pos, int i, const float*) const {
    neox(lo, hi, std::size_t(pos + k_row0) * half + i);
  }
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* cos_t = static_cast<float*>(workspace);
  float* sin_t = reinterpret_cast<float*>(static_cast<char*>(workspace) + table_bytes(p));
  const int half = p.D / 2;
  const long total = long(p.Sq + p.Sk) * half;
  const long blocks = std::max<long>(1, std::min<long>((total + 255) / 256, 132L * 16));
  build_tables_kernel<<<unsigned(blocks), 256, 0, stream>>>(p.inv_freq, cos_t, sin_t, half, p.Sq,
                                                            p.Sk, p.q_offset, p.k_offset);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const int k_row0 = p.Sq - p.k_offset;
  using namespace attention::row_online_softmax;
  if (p.pe == PeKind::RopeNeox)
    launch_rows<1, kThreads, kMaxNV>(p, TablePe<true>{cos_t, sin_t, half, p.q_offset, k_row0}, stream);
  else
    launch_rows<1, kThreads, kMaxNV>(p, TablePe<false>{cos_t, sin_t, half, p.q_offset, k_row0}, stream);
}

}  // namespace fuselab::kernels::rope::v001
