// Sum over a group of kWidth consecutive lanes (a power of two <= 32) by
// xor shuffles: every lane of the group gets the group's sum. All 32 lanes
// of the warp must take part (lanes with nothing to add pass 0).
// First built by v000_separate.
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels::qk_norm_rope {

template <int kWidth>
__device__ __forceinline__ float group_sum(float v) {
  static_assert(kWidth >= 1 && kWidth <= 32 && (kWidth & (kWidth - 1)) == 0, "a power of two <= 32");
#pragma unroll
  for (int offset = kWidth / 2; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset, kWidth);
  return v;
}

// 1 / sqrt(mean + eps) for a row of D elements whose squares sum to `squares`
// (rsqrtf: within 2 ulp, ~1.2e-7 relative).
__device__ __forceinline__ float rms_inverse(float squares, int D, float eps) {
  return rsqrtf(squares / float(D) + eps);
}

}  // namespace fuselab::kernels::qk_norm_rope
