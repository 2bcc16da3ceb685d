// The problem every qk_norm_rope version solves (docs/ops.md, op qk_norm_rope).
// Plain C++ (no CUDA types) so host code and the CPU reference share it.
//   q [T, Hq, D], k [T, Hkv, D], wq and wk [D], positions [T] (int64),
//   inv_freq [D/2] = fp32(1 / base^(2i/D));
//   out [T, Hq + Hkv, D]: heads 0..Hq-1 are q', heads Hq.. are k'.
//   x' = rope(x / sqrt(mean(x^2) + eps) * w, positions[t]) per head row,
//   the angle fp32(fp32(pos) * inv_freq[i]) as DESIGN.md section 3.
#pragma once

#include <cstdint>

#include "kernels/common/problem.h"

namespace fuselab::kernels {

struct QkNormRopeProblem {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* wq = nullptr;
  const float* wk = nullptr;
  const int64_t* positions = nullptr;
  const float* inv_freq = nullptr;
  float* out = nullptr;
  int T = 0, Hq = 0, Hkv = 0, D = 0;
  float eps = 1e-6f;
  PeKind pe = PeKind::RopeNeox;
  int heads() const { return Hq + Hkv; }
};

}  // namespace fuselab::kernels
