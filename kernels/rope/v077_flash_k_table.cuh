// rope v077 — v071 (attention v059's flash kernel, the rotation fused) with
// K's cos/sin computed once per launch: k_cs_table_kernel writes cos and sin
// of every key's angles (two Sk x D/2 arrays, accurate sincosf; 512 KB at
// Sk = 1024, L2-resident), and the kernel rotates each K tile with them as it
// is split, an L2 load where v071 evaluates sin/cos. Q's rotation is v017's,
// as in v071. Every 128-row block still rotates K (8 times per key at
// Sq = 1024), but with loaded cos/sin.
// Limits: D = 128, query positions < 2^17; any Sq, Sk; causal, GQA, cross;
// a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/rope/v008_split_d.cuh"

namespace fuselab::kernels::rope::v077 {

// cos_t[j][i], sin_t[j][i]: the angle of pair i at position k_offset + j.
static __global__ void __launch_bounds__(256)
    k_cs_table_kernel(const AttentionProblem p, float* __restrict__ cos_t, float* __restrict__ sin_t) {
  const int half = p.D / 2;
  const long n = long(p.Sk) * half;
  for (long e = long(blockIdx.x) * blockDim.x + threadIdx.x; e < n; e += long(gridDim.x) * blockDim.x) {
    const int i = int(e % half), j = int(e / half);
    pe_sincos(pe_angle(p.k_offset + j, __ldg(p.inv_freq + i)), sin_t + e, cos_t + e);
  }
}

// Q: v017's rotation, evaluated; K: rotated with the tables' row for the key.
template <bool kNeox>
struct Pe : v008::RopeSplitPe<kNeox, Sincos::kReduced> {
  const float* cos_t;
  const float* sin_t;
  int k_offset, half;
  __device__ std::size_t at(int pos, int i) const { return std::size_t(pos - k_offset) * half + i; }
  // Interleaved: dims d..d+3 are pairs d/2, d/2 + 1.
  __device__ void k(float4& x, int pos, int d) const {
    const std::size_t e = at(pos, d / 2);
    const float2 c = __ldg(reinterpret_cast<const float2*>(cos_t + e));
    const float2 s = __ldg(reinterpret_cast<const float2*>(sin_t + e));
    rope_inter4_cs(x, c.x, s.x, c.y, s.y);
  }
  // Neox: lo holds dims i..i+3, hi their partners.
  __device__ void k2(float4& lo, float4& hi, int pos, int i) const {
    const std::size_t e = at(pos, i);
    rope_neox4_cs(lo, hi, ldg4(cos_t + e), ldg4(sin_t + e));
  }
};

inline std::size_t workspace_bytes(const AttentionProblem& p) { return std::size_t(p.Sk) * p.D * sizeof(float); }

struct Tables {
  const float* cos_t;
  const float* sin_t;
};

// Writes the tables into workspace (workspace_bytes(p)).
inline Tables write_tables(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* cos_t = static_cast<float*>(workspace);
  float* sin_t = cos_t + std::size_t(p.Sk) * (p.D / 2);
  const long n = long(p.Sk) * (p.D / 2);
  k_cs_table_kernel<<<unsigned(std::min<long>((n + 255) / 256, 132L * 8)), 256, 0, stream>>>(p, cos_t, sin_t);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  return {cos_t, sin_t};
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const Tables t = write_tables(p, workspace, stream);
  if (p.pe == PeKind::RopeNeox)
    attention::v054::launch_with<true, true, true, true>(
        p, Pe<true>{{p.inv_freq}, t.cos_t, t.sin_t, p.k_offset, p.D / 2}, stream);
  else
    attention::v054::launch_with<true, true, true, true>(
        p, Pe<false>{{p.inv_freq}, t.cos_t, t.sin_t, p.k_offset, p.D / 2}, stream);
}

}  // namespace fuselab::kernels::rope::v077
