// Which head row a flat row id names, in the output's order [T, Hq + Hkv]:
// its input row (q for heads below Hq, k after), its norm weights, its output
// row and its token's position. Every version of the family maps rows so.
// First built by v000_separate.
#pragma once

#include <cuda_runtime.h>

#include "kernels/qk_norm_rope/problem.h"

namespace fuselab::kernels::qk_norm_rope {

struct HeadRow {
  const float* x;    // [D] input row
  const float* w;    // [D] its RMSNorm weights (wq or wk)
  float* out;        // [D] output row
  int pos;           // positions[t]; below 2^24 (op limit), so exact in float32
};

__device__ __forceinline__ HeadRow head_row(const QkNormRopeProblem& p, long row) {
  const int heads = p.Hq + p.Hkv;
  const long t = row / heads;
  const int h = int(row % heads);
  HeadRow r;
  if (h < p.Hq) {
    r.x = p.q + (t * p.Hq + h) * long(p.D);
    r.w = p.wq;
  } else {
    r.x = p.k + (t * p.Hkv + (h - p.Hq)) * long(p.D);
    r.w = p.wk;
  }
  r.out = p.out + row * long(p.D);
  r.pos = int(__ldg(p.positions + t));
  return r;
}

}  // namespace fuselab::kernels::qk_norm_rope
