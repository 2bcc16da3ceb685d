// The problem every decode version solves (docs/ops.md, op decode).
// Plain C++ (no CUDA types) so host code and the CPU reference share it.
//   q [B, Hq, Sq, D]: the last Sq tokens of each sequence (Sq = 1..16:
//     one token, or a speculative draft), query i at position
//     pos0 + i with pos0 = Skv - Sq; rotated here, in the kernel;
//   k [B, Hkv, Skv, D]: the key cache, already rotated when it was written
//     (the kernel does not rotate it); v [B, Hkv, Skv, D]: the value cache;
//   inv_freq [D/2] = fp32(1 / base^(2i/D)) (read where pe is a RoPE);
//   out [B, Hq, Sq, D] = softmax(scale · q'·kᵀ) · v, query i seeing keys
//     0 .. pos0 + i (causal among the speculative queries);
//   query head h reads kv head h / (Hq / Hkv) (GQA; MQA is Hkv = 1).
#pragma once

#include <cstdint>

#include "kernels/common/problem.h"

namespace fuselab::kernels {

struct DecodeProblem {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* v = nullptr;
  const float* inv_freq = nullptr;
  float* out = nullptr;
  int B = 0, Hq = 0, Hkv = 0, Sq = 0, Skv = 0, D = 0;
  float scale = 0.f;
  PeKind pe = PeKind::None;
  constexpr int pos0() const { return Skv - Sq; }
  constexpr int group() const { return Hq / Hkv; }
};

}  // namespace fuselab::kernels
