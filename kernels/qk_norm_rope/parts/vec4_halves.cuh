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

// Rotates the thread's 8 elements at position pos; u is its float4 index in a half.
template <bool kNeox>
__device__ __forceinline__ void rotate_halves(float4& lo, float4& hi, int pos, const float* inv_freq, int u,
                                              int half) {
  if constexpr (kNeox) {
    const float4 f = ldg4(inv_freq + 4 * u);
    rotate_pair(lo.x, hi.x, pos, f.x);
    rotate_pair(lo.y, hi.y, pos, f.y);
    rotate_pair(lo.z, hi.z, pos, f.z);
    rotate_pair(lo.w, hi.w, pos, f.w);
  } else {
    const float2 f_lo = __ldg(reinterpret_cast<const float2*>(inv_freq + 2 * u));
    const float2 f_hi = __ldg(reinterpret_cast<const float2*>(inv_freq + half / 2 + 2 * u));
    rotate_pair(lo.x, lo.y, pos, f_lo.x);
    rotate_pair(lo.z, lo.w, pos, f_lo.y);
    rotate_pair(hi.x, hi.y, pos, f_hi.x);
    rotate_pair(hi.z, hi.w, pos, f_hi.y);
  }
}

}  // namespace fuselab::kernels::qk_norm_rope
