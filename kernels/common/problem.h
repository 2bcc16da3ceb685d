// The problems every kernel version solves, as plain structs of pointers and
// sizes. Plain C++ (no CUDA types) so host code and the CPU reference share it.
// The math is DESIGN.md section 3; shapes are row-major:
//   q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D], out [B, Hq, Sq, D];
//   query head h reads kv head h / (Hq / Hkv);
//   query i sits at q_offset + i, key j at k_offset + j;
//   causal: key j visible to query i iff k_offset + j <= q_offset + i.
#pragma once

namespace fuselab::kernels {

enum class PeKind : int { None = 0, Sinusoidal = 1, RopeInterleaved = 2, RopeNeox = 3 };

struct AttentionProblem {
  const float* q = nullptr;
  const float* k = nullptr;
  const float* v = nullptr;
  const float* inv_freq = nullptr;  // [D/2], fp32(1 / base^(2i/D))
  float* out = nullptr;
  int B = 0, Hq = 0, Hkv = 0, Sq = 0, Sk = 0, D = 0;
  int q_offset = 0, k_offset = 0;
  bool causal = false;
  float scale = 0.f;
  PeKind pe = PeKind::None;
};

// Standalone rotation: x and out [N, S, D], row s at position offset + s.
struct RopeProblem {
  const float* x = nullptr;
  const float* inv_freq = nullptr;  // [D/2]
  float* out = nullptr;
  int N = 0, S = 0, D = 0;
  int offset = 0;
  PeKind pe = PeKind::RopeNeox;
};

}  // namespace fuselab::kernels
