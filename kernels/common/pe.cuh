// Positional-embedding math shared by every version (DESIGN.md section 3).
//   angle(pos, i) = fp32(fp32(pos) * inv_freq[i])   -- one rounding, no FMA
//   sinusoidal:  x[2i] += sin(angle), x[2i+1] += cos(angle)
//   rope interleaved, pairs (2i, 2i+1); rope neox, pairs (i, i + D/2):
//     a' = a*cos - b*sin,  b' = b*cos + a*sin
// How sin/cos of the fp32 angle are evaluated (Sincos):
//   kAccurate  sincosf (~1 ulp; angles here stay below 105615 rad, so it takes
//              the Cody-Waite path, not Payne-Hanek); ~40 instructions.
//   kFast      __sincosf (SFU approximation; its error grows with |angle|, so
//              whether it passes at long positions is a measured result).
//   kReduced   the angle reduced to [-pi, pi] first, then __sincosf:
//              k = rint(angle / 2pi), r = (angle - k*C1) - k*C2 with
//              C1 = fp32(2pi), C2 = 2pi - C1. With |angle| < 2^17 the first
//              FMA is exact (the difference is < 4 with bits down to C1's
//              ulp, 2^-21), the second rounds once (sin/cos off by <= 1.5e-7
//              below 2^17 rad: harness/tests/pe_reduce_test.cu); __sincosf on
//              [-pi, pi] is within 2^-21.41 (3.6e-7). Abs error <= ~5e-7 for
//              angles below 2^17 (positions below 131072: inv_freq <= 1), in
//              ~6 instructions and two SFU ops.
//   kReducedFma kReduced with k rounded on the FMA pipe, (t + 1.5 * 2^23) -
//              1.5 * 2^23, instead of rintf: the same k for |t| < 2^22
//              (round to nearest, ties to even, as rintf), so the same
//              values, without the FRND that shares the XU pipe with the
//              SFU's sin and cos (harness/tests/pe_reduce_test.cu).
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

__device__ __forceinline__ float pe_angle(int pos, float inv_freq) {
  return __fmul_rn(static_cast<float>(pos), inv_freq);
}

enum class Sincos { kAccurate, kFast, kReduced, kReducedFma };

// t rounded to the nearest integer, ties to even (rintf), for |t| < 2^22,
// by two adds: t + 1.5 * 2^23 lies in [2^23, 2^24), where the float spacing
// is 1, so the add rounds t's fraction away and the subtraction is exact.
__host__ __device__ __forceinline__ float round_by_adds(float t) {
  constexpr float kMagic = 12582912.0f;  // 1.5 * 2^23
#if defined(__CUDA_ARCH__)
  return __fsub_rn(__fadd_rn(t, kMagic), kMagic);  // never folded or contracted
#else
  volatile float shifted = t + kMagic;
  return shifted - kMagic;
#endif
}

// Host and device: harness/tests/pe_reduce_test.cu checks it on the CPU.
// kByAdds: k rounded by round_by_adds instead of rintf (the same k).
template <bool kByAdds = false>
__host__ __device__ __forceinline__ float reduce_to_pi(float angle) {
  constexpr float kInv2Pi = 0.159154943091895335768883763372514362f;
  constexpr float kC1 = 6.28318548202514648438f;      // fp32(2pi)
  constexpr float kC2 = -1.7484555314695172e-07f;     // fp32(2pi - kC1)
  const float t = angle * kInv2Pi;
  const float k = kByAdds ? round_by_adds(t) : rintf(t);
  return fmaf(-k, kC2, fmaf(-k, kC1, angle));  // fmaf: one rounding on host and device
}

template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ void pe_sincos(float angle, float* s, float* c) {
  if constexpr (kMode == Sincos::kFast) {
    __sincosf(angle, s, c);
  } else if constexpr (kMode == Sincos::kReduced) {
    __sincosf(reduce_to_pi(angle), s, c);
  } else if constexpr (kMode == Sincos::kReducedFma) {
    __sincosf(reduce_to_pi<true>(angle), s, c);
  } else {
    sincosf(angle, s, c);
  }
}

// ---- sinusoidal -----------------------------------------------------------
// The PE of dims d..d+3 with d % 4 == 0: pairs i0 = d/2 (freq f0), i0+1 (f1).
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ float4 sin_pe4(int pos, float f0, float f1) {
  float4 e;
  pe_sincos<kMode>(pe_angle(pos, f0), &e.x, &e.y);
  pe_sincos<kMode>(pe_angle(pos, f1), &e.z, &e.w);
  return e;
}
__device__ __forceinline__ void add4(float4& x, float4 e) {
  x.x += e.x;
  x.y += e.y;
  x.z += e.z;
  x.w += e.w;
}
// x holds dims d..d+3 with d % 4 == 0.
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ void sin_add4(float4& x, int pos, float f0, float f1) {
  add4(x, sin_pe4<kMode>(pos, f0, f1));
}
// One element d (any d): sin at even d, cos at odd d; freq = inv_freq[d/2].
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ float sin_pe1(int pos, int d, float freq) {
  float s, c;
  pe_sincos<kMode>(pe_angle(pos, freq), &s, &c);
  return (d & 1) ? c : s;
}

// ---- rope -----------------------------------------------------------------
__device__ __forceinline__ void rope_rotate(float& a, float& b, float c, float s) {
  const float a0 = a, b0 = b;
  a = a0 * c - b0 * s;
  b = b0 * c + a0 * s;
}
// Interleaved: x holds dims d..d+3 (d % 4 == 0) = pairs (x.x,x.y) and (x.z,x.w).
__device__ __forceinline__ void rope_inter4_cs(float4& x, float c0, float s0, float c1, float s1) {
  rope_rotate(x.x, x.y, c0, s0);
  rope_rotate(x.z, x.w, c1, s1);
}
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ void rope_inter4(float4& x, int pos, float f0, float f1) {
  const float4 e = sin_pe4<kMode>(pos, f0, f1);  // (s0, c0, s1, c1)
  rope_inter4_cs(x, e.y, e.x, e.w, e.z);
}
// Neox: lo holds dims i..i+3, hi holds dims i+D/2..i+D/2+3 (pairs i..i+3).
__device__ __forceinline__ void rope_neox4_cs(float4& lo, float4& hi, float4 c, float4 s) {
  rope_rotate(lo.x, hi.x, c.x, s.x);
  rope_rotate(lo.y, hi.y, c.y, s.y);
  rope_rotate(lo.z, hi.z, c.z, s.z);
  rope_rotate(lo.w, hi.w, c.w, s.w);
}
// sin and cos of the angles of pairs i..i+3 (frequencies f).
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ void sincos4(int pos, float4 f, float4& s, float4& c) {
  pe_sincos<kMode>(pe_angle(pos, f.x), &s.x, &c.x);
  pe_sincos<kMode>(pe_angle(pos, f.y), &s.y, &c.y);
  pe_sincos<kMode>(pe_angle(pos, f.z), &s.z, &c.z);
  pe_sincos<kMode>(pe_angle(pos, f.w), &s.w, &c.w);
}
template <Sincos kMode = Sincos::kAccurate>
__device__ __forceinline__ void rope_neox4(float4& lo, float4& hi, int pos, float4 f) {
  float4 s, c;
  sincos4<kMode>(pos, f, s, c);
  rope_neox4_cs(lo, hi, c, s);
}

}  // namespace fuselab::kernels
