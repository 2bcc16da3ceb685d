// A head row as D/8 float4 pairs: thread u of the row's lane group holds the
// float4 at 4u ("lo") and the one at D/2 + 4u ("hi"), so a warp's loads of
// each half are contiguous whatever the pairing (rope_standalone v003's
// layout). The pairs of a thread:
//   neox         (lo.c, hi.c), frequencies 4u + c, c = 0..3
//   interleaved  (lo.x, lo.y), (lo.z, lo.w) at pairs 2u, 2u + 1 and
//                (hi.x, hi.y), (hi.z, hi.w) at pairs D/4 + 2u, D/4 + 2u + 1
// Limits: D % 8 == 0 (both halves float4-aligned), 16-byte aligned rows.
// First built by v002_vec4_groups.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/vec.cuh"
#include "kernels/qk_norm_rope/parts/pair_rotate.cuh"

namespace fuselab::kernels::qk_norm_rope {

__device__ __forceinline__ float squares4(float4 v, float acc) { return dot4(v, v, acc); }

__device__ __forceinline__ float4 mul4(float4 a, float4 b, float s) {
  return make_float4(a.x * s * b.x, a.y * s * b.y, a.z * s * b.z, a.w * s * b.w);
}

// The sin and cos of a thread's four pairs at one position: a token's heads
// share them (v003 evaluates them once for two heads of a token).
struct HalvesAngles {
  float s[4], c[4];
};

template <bool kNeox>
__device__ __forceinline__ HalvesAngles halves_angles(int pos, const float* inv_freq, int u, int half) {
  float f[4];
  if constexpr (kNeox) {
    const float4 v = ldg4(inv_freq + 4 * u);
    f[0] = v.x, f[1] = v.y, f[2] = v.z, f[3] = v.w;
  } else {
    const float2 f_lo = __ldg(reinterpret_cast<const float2*>(inv_freq + 2 * u));
    const float2 f_hi = __ldg(reinterpret_cast<const float2*>(inv_freq + half / 2 + 2 * u));
    f[0] = f_lo.x, f[1] = f_lo.y, f[2] = f_hi.x, f[3] = f_hi.y;
  }
  HalvesAngles a;
#pragma unroll
  for (int j = 0; j < 4; ++j) pe_sincos<Sincos::kAccurate>(pe_angle(pos, f[j]), &a.s[j], &a.c[j]);
  return a;
}

// Rotates the thread's 8 elements by their pairs' angles.
template <bool kNeox>
__device__ __forceinline__ void rotate_halves(float4& lo, float4& hi, const HalvesAngles& a) {
  if constexpr (kNeox) {
    rotate_pair_by(lo.x, hi.x, a.s[0], a.c[0]);
    rotate_pair_by(lo.y, hi.y, a.s[1], a.c[1]);
    rotate_pair_by(lo.z, hi.z, a.s[2], a.c[2]);
    rotate_pair_by(lo.w, hi.w, a.s[3], a.c[3]);
  } else {
    rotate_pair_by(lo.x, lo.y, a.s[0], a.c[0]);
    rotate_pair_by(lo.z, lo.w, a.s[1], a.c[1]);
    rotate_pair_by(hi.x, hi.y, a.s[2], a.c[2]);
    rotate_pair_by(hi.z, hi.w, a.s[3], a.c[3]);
  }
}

// Rotates the thread's 8 elements at position pos; u is its float4 index in a half.
template <bool kNeox>
__device__ __forceinline__ void rotate_halves(float4& lo, float4& hi, int pos, const float* inv_freq, int u,
                                              int half) {
  rotate_halves<kNeox>(lo, hi, halves_angles<kNeox>(pos, inv_freq, u, half));
}

}  // namespace fuselab::kernels::qk_norm_rope
