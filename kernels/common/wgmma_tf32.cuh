// Warpgroup MMA (wgmma, sm_90a) on tf32 operands in shared memory, fp32
// accumulators, at fp32 accuracy by the 3xTF32 split of mma_tf32.cuh:
//   a*b ~= a_small*b_big + a_big*b_small + a_big*b_big.
// Only built where the target has Hopper's arch-specific features
// (__CUDA_ARCH_FEAT_SM90_ALL, i.e. sm_90a); FUSELAB_SM90A tells host code.
//
// Operand tiles (A: M rows, B: N rows; both K-major, the only major order
// wgmma takes for tf32) use the no-swizzle canonical layout: a core matrix is
// 8 rows x 4 tf32 (16 bytes per row, 128 contiguous bytes). CoreLayout places
// the cores: within one k-step of 8 dims, core (row / 8, (dim / 4) % 2) sits
// at (row / 8) * kSbo + ((dim / 4) % 2) * kLbo floats (the descriptor's
// stride and leading offsets), and k-step s starts at s * kStep floats.
// Padding these strides moves cores to other shared-memory banks.
//
// Accumulator fragment of m64nNk8 (per warpgroup thread; warp w = its warp
// in the group, l = lane): register 4j + r holds row 16w + l/4 + 8(r/2),
// column 8j + 2(l%4) + r%2.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/common/mma_tf32.cuh"  // to_tf32
#include "kernels/common/wgmma_accumulators.cuh"

namespace fuselab::kernels {


// Shared-memory matrix descriptor, no swizzle.
__device__ __forceinline__ std::uint64_t wgmma_desc(const void* smem, std::uint32_t lead_bytes,
                                                    std::uint32_t stride_bytes) {
  const std::uint32_t addr = static_cast<std::uint32_t>(__cvta_generic_to_shared(smem));
  return std::uint64_t((addr & 0x3FFFF) >> 4) | (std::uint64_t((lead_bytes & 0x3FFFF) >> 4) << 16) |
         (std::uint64_t((stride_bytes & 0x3FFFF) >> 4) << 32);
}

// Descriptor of a K-major tile in a swizzled layout, as TMA lands it
// (kernels/common/tensor_map.h): rows of 128 bytes (layout 1, 128-byte
// swizzle) or 64 bytes (layout 2, 64-byte swizzle), 8-row groups
// `stride_bytes` apart. The tile starts on a multiple of the swizzle's
// repeat (1024 or 512 bytes); k-step s within a row starts 32 * s bytes in.
// The leading offset is unused for swizzled K-major tiles (set to 16 bytes).
__device__ __forceinline__ std::uint64_t wgmma_desc_swizzled(const void* smem, std::uint32_t stride_bytes,
                                                             int layout) {
  return wgmma_desc(smem, 16, stride_bytes) | (std::uint64_t(layout) << 62);
}

template <int kStepFloats, int kSboFloats, int kLboFloats>
struct CoreLayout {
  static constexpr int kStep = kStepFloats, kSbo = kSboFloats, kLbo = kLboFloats;
  static_assert(kSbo >= kLbo + 32 && kLbo >= 32 && kSbo % 4 == 0 && kLbo % 4 == 0 && kStep % 4 == 0,
                "cores do not overlap; offsets are 16-byte multiples");
  // Float offset of (row, dim).
  __host__ __device__ static constexpr int offset(int row, int dim) {
    return (dim >> 3) * kStep + (row >> 3) * kSbo + ((dim >> 2) & 1) * kLbo + (row & 7) * 4 + (dim & 3);
  }
  // Descriptor of k-step `step` of the tile at `tile`.
  __device__ static std::uint64_t desc(const float* tile, int step) {
    return wgmma_desc(tile + step * kStep, kLbo * 4, kSbo * 4);
  }
  // The same from the descriptor of step 0 (attention v057): the start
  // address field (16-byte units, bits 0-13) moves by kStep floats, and
  // shared memory below 256 KB keeps the sum inside that field.
  __device__ static std::uint64_t desc_step(std::uint64_t step0, int step) {
    return step0 + std::uint64_t(step * (kStep / 4));
  }
};

// 64 rows, cores packed (v017-v021).
using DenseCores64 = CoreLayout<512, 64, 32>;

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)

// Generic-proxy shared-memory writes become visible to wgmma's (async proxy)
// reads after this fence and a barrier.
__device__ __forceinline__ void fence_proxy_async_shared() {
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory"); }
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(kPending) : "memory");
}

// Keeps the compiler from moving accumulator reads or writes across an
// asynchronous wgmma.
template <int N>
__device__ __forceinline__ void wgmma_fence_operands(float (&d)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// d[64 x 64] += A[64 x 8] * B[64 x 8]^T, one warpgroup, tf32 in, fp32 accumulate.
__device__ __forceinline__ void wgmma_m64n64k8_tf32(float (&d)[32], std::uint64_t a, std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 "
      FUSELAB_WGMMA_D32_REGS
      "%32, %33, accumulate, 1, 1;\n}\n"
      : FUSELAB_WGMMA_D32_BIND(d)
      : "l"(a), "l"(b)
      : "memory");
}

// The same with A in registers (tf32 bits): warp w of the group holds rows
// 16w..16w+15 as in mma.sync m16n8k8 (g = lane / 4, t = lane % 4):
// a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4). The registers
// are read asynchronously: keep them unchanged until wgmma_wait (fence them).
__device__ __forceinline__ void wgmma_m64n64k8_tf32_ra(float (&d)[32], const std::uint32_t (&a)[4],
                                                       std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 "
      FUSELAB_WGMMA_D32_REGS
      "{%32, %33, %34, %35}, %36, accumulate, 1, 1;\n}\n"
      : FUSELAB_WGMMA_D32_BIND(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b)
      : "memory");
}

// d[64 x 32] += A[64 x 8] * B[32 x 8]^T (attention v054's scores over a
// 32-key tile): A and B in shared memory.
__device__ __forceinline__ void wgmma_m64n32k8_tf32(float (&d)[16], std::uint64_t a, std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 "
      FUSELAB_WGMMA_D16_REGS
      "%16, %17, accumulate, 1, 1;\n}\n"
      : FUSELAB_WGMMA_D16_BIND(d)
      : "l"(a), "l"(b)
      : "memory");
}

// The same with A in registers, laid out as for wgmma_m64n64k8_tf32_ra.
__device__ __forceinline__ void wgmma_m64n32k8_tf32_ra(float (&d)[16], const std::uint32_t (&a)[4],
                                                       std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 "
      FUSELAB_WGMMA_D16_REGS
      "{%16, %17, %18, %19}, %20, accumulate, 1, 1;\n}\n"
      : FUSELAB_WGMMA_D16_BIND(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b)
      : "memory");
}

template <int N>
__device__ __forceinline__ void wgmma_fence_operands(std::uint32_t (&r)[N]) {
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("" : "+r"(r[i])::"memory");
}

#endif  // __CUDA_ARCH_FEAT_SM90_ALL

}  // namespace fuselab::kernels
