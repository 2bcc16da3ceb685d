// One RoPE pair (a, b) rotated at position pos by frequency f: the angle is
// fp32(fp32(pos) * f) (DESIGN.md section 3, kernels/common/pe.cuh's
// pe_angle) and its sin and cos come from accurate sincosf, which stays
// within ~1 ulp at every angle (above 105615 rad, positions past ~10^5, it
// takes the slow Payne-Hanek path: correct, not fast).
//   a' = a cos - b sin,  b' = b cos + a sin
// First built by v000_separate.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/pe.cuh"

namespace fuselab::kernels::qk_norm_rope {

// The rotation by a sin and cos already evaluated.
__device__ __forceinline__ void rotate_pair_by(float& a, float& b, float s, float c) {
  const float a2 = a * c - b * s;
  b = b * c + a * s;
  a = a2;
}

__device__ __forceinline__ void rotate_pair(float& a, float& b, int pos, float f) {
  float s, c;
  pe_sincos<Sincos::kAccurate>(pe_angle(pos, f), &s, &c);
  rotate_pair_by(a, b, s, c);
}

// Element indices of pair i: neox (i, i + D/2), interleaved (2i, 2i + 1).
__device__ __forceinline__ int pair_first(bool neox, int i, int half) { return neox ? i : 2 * i; }
__device__ __forceinline__ int pair_second(bool neox, int i, int half) { return neox ? i + half : 2 * i + 1; }

}  // namespace fuselab::kernels::qk_norm_rope
