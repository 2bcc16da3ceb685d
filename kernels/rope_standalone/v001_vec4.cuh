// rope_standalone v001 — float4, one pair-group per thread, sin/cos in
// registers. Neox: a thread loads the float4 at i and at i + D/2 (four pairs),
// one float4 of inv_freq, four sincosf, two float4 stores. Interleaved: one
// float4 (two pairs), a float2 of inv_freq, two sincosf, one store.
// Limits: D % 8 == 0 (neox float4 halves), any N, S.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::rope_standalone::v001 {

template <bool kNeox>
__global__ void __launch_bounds__(256) rope_vec4_kernel(const RopeProblem p, long units) {
  const long idx = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (idx >= units) return;
  const int D = p.D;
  const int per_row = kNeox ? D / 8 : D / 4;
  const long row = idx / per_row;
  const int u = int(idx % per_row);
  const int pos = p.offset + int(row % p.S);
  const float* x = p.x + row * D;
  float* o = p.out + row * D;
  if constexpr (kNeox) {
    const int half = D / 2;
    float4 lo = ldg4(x + 4 * u), hi = ldg4(x + half + 4 * u);
    rope_neox4<Sincos::kAccurate>(lo, hi, pos, ldg4(p.inv_freq + 4 * u));
    st4(o + 4 * u, lo);
    st4(o + half + 4 * u, hi);
  } else {
    float4 v = ldg4(x + 4 * u);
    const float2 f = __ldg(reinterpret_cast<const float2*>(p.inv_freq + 2 * u));
    rope_inter4<Sincos::kAccurate>(v, pos, f.x, f.y);
    st4(o + 4 * u, v);
  }
}

inline void launch(const RopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const bool neox = p.pe == PeKind::RopeNeox;
  const long units = long(p.N) * p.S * (neox ? p.D / 8 : p.D / 4);
  if (units == 0) return;
  const unsigned blocks = unsigned((units + 255) / 256);
  if (neox)
    rope_vec4_kernel<true><<<blocks, 256, 0, stream>>>(p, units);
  else
    rope_vec4_kernel<false><<<blocks, 256, 0, stream>>>(p, units);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::rope_standalone::v001
