// rope_standalone v000 — naive: one thread per output element, scalar loads.
// Thread e computes its own angle (accurate sincosf) and reads its pair
// partner (d^1 interleaved, d +- D/2 neox): every pair's sincos is computed
// twice and every input element is loaded twice (the second load is an L1 hit).
// Limits: D even; any N, S.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>

#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"

namespace fuselab::kernels::rope_standalone::v000 {

static __global__ void __launch_bounds__(256)
    rope_naive_kernel(const RopeProblem p, long total) {
  const long e = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= total) return;
  const int D = p.D, half = D / 2;
  const int d = int(e % D);
  const long row = e / D;
  const int pos = p.offset + int(row % p.S);
  const float* x = p.x + row * D;
  float s, c, out;
  if (p.pe == PeKind::RopeNeox) {
    const bool lo = d < half;
    const int i = lo ? d : d - half;
    pe_sincos<Sincos::kAccurate>(pe_angle(pos, p.inv_freq[i]), &s, &c);
    out = lo ? x[d] * c - x[d + half] * s : x[d] * c + x[d - half] * s;
  } else {
    const bool even = (d & 1) == 0;
    pe_sincos<Sincos::kAccurate>(pe_angle(pos, p.inv_freq[d / 2]), &s, &c);
    out = even ? x[d] * c - x[d + 1] * s : x[d] * c + x[d - 1] * s;
  }
  p.out[e] = out;
}

inline void launch(const RopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const long total = long(p.N) * p.S * p.D;
  if (total == 0) return;
  rope_naive_kernel<<<unsigned((total + 255) / 256), 256, 0, stream>>>(p, total);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::rope_standalone::v000
