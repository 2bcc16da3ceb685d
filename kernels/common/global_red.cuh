// Reductions into global memory done at L2 (red, no value returned): many
// blocks may add into the same addresses, in any order, without waiting.
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

// dst[0..3] += v (dst 16-byte aligned): one red.global.add.v4.f32 on sm_90,
// four scalar atomics elsewhere.
__device__ __forceinline__ void red_add4(float* dst, float4 v) {
#if __CUDA_ARCH__ >= 900
  asm volatile("red.global.add.v4.f32 [%0], {%1, %2, %3, %4};\n" ::"l"(dst), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w)
               : "memory");
#else
  atomicAdd(dst + 0, v.x);
  atomicAdd(dst + 1, v.y);
  atomicAdd(dst + 2, v.z);
  atomicAdd(dst + 3, v.w);
#endif
}

}  // namespace fuselab::kernels
