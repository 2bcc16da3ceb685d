// One query row of a decode problem rotated at its position and scaled:
// out[d] = scale · rope(q, pos)[d] (pe none: scale · q[d]). The rotation is
// that of DESIGN.md section 3: the angle fp32(fp32(pos) · inv_freq[i]) and
// its accurate sincosf (~1 ulp), pairs (i, i + D/2) for neox, (2i, 2i + 1)
// interleaved: a' = a cos − b sin, b' = b cos + a sin. The threads `first`,
// `first + stride`, ... of the caller share the row's pairs.
// First built by v000_separate.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/pe.cuh"
#include "kernels/decode/problem.h"

namespace fuselab::kernels::decode {

__device__ __forceinline__ void rotated_query(const DecodeProblem& p, const float* q, int pos, float* out,
                                              int first, int stride) {
  const int half = p.D / 2;
  if (p.pe == PeKind::None) {
    for (int d = first; d < p.D; d += stride) out[d] = q[d] * p.scale;
    return;
  }
  const bool neox = p.pe == PeKind::RopeNeox;
  for (int i = first; i < half; i += stride) {
    const int a = neox ? i : 2 * i, b = neox ? i + half : 2 * i + 1;
    float s, c;
    pe_sincos<Sincos::kAccurate>(pe_angle(pos, __ldg(p.inv_freq + i)), &s, &c);
    const float x = q[a], y = q[b];
    out[a] = (x * c - y * s) * p.scale;
    out[b] = (y * c + x * s) * p.scale;
  }
}

// The key after the last one query row `row` of [B, Hq, Sq] sees: pos0 + i + 1.
__device__ __forceinline__ int visible_end(const DecodeProblem& p, long row) { return p.pos0() + int(row % p.Sq) + 1; }

}  // namespace fuselab::kernels::decode
