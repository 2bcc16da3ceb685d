// Warpgroup MMA on fp16 parts at fp32 accuracy: "3xFP16", the 3xTF32 split
// of wgmma_tf32.cuh with fp16 parts. fp16 keeps tf32's 11 significant bits
// (10 stored), and the H100 multiplies fp16 at twice tf32's dense rate: one
// m64nNk16 fp16 product takes the time of one m64nNk8 tf32 product and
// covers twice the dims. Each value x becomes
//   big = fp16(x) (round to nearest), small = fp16(x - big),
// and a*b ~= a_small*b_big + a_big*b_small + a_big*b_big (small terms first),
// ~2^-22 relative per product like kRound's tf32 split, as long as the
// values lie in fp16's range: |x| < 65504, and below 2^-14 * 2^11 = 0.125 the
// small part is subnormal, so x carries an absolute rounding of up to 2^-25
// (3e-8) there.
//
// Operand tiles are K-major in wgmma's no-swizzle canonical layout, as in
// CoreLayout, with the same byte geometry: a core matrix is 8 rows x 16
// bytes, here 8 fp16 values. HalfCoreLayout keeps CoreLayout's strides (in
// floats, so its descriptors are CoreLayout's); a k-step is 16 dims, and
// (row, dim) sits at offset_halves(row, dim) halves from the tile.
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/common/wgmma_accumulators.cuh"
#include "kernels/common/wgmma_tf32.cuh"  // CoreLayout, wgmma_desc, the fences

namespace fuselab::kernels {

template <int kStepFloats, int kSboFloats, int kLboFloats>
struct HalfCoreLayout : CoreLayout<kStepFloats, kSboFloats, kLboFloats> {
  using Base = CoreLayout<kStepFloats, kSboFloats, kLboFloats>;
  static constexpr bool kHalves = true;
  static constexpr int offset(int, int) = delete;  // CoreLayout's float offset does not apply
  // Half offset of (row, dim): k-step dim / 16, core (row / 8, (dim / 8) % 2).
  __host__ __device__ static constexpr int offset_halves(int row, int dim) {
    return 2 * ((dim >> 4) * Base::kStep + (row >> 3) * Base::kSbo + ((dim >> 3) & 1) * Base::kLbo) + (row & 7) * 8 +
           (dim & 7);
  }
};

// Layouts and P sources of fp16 parts mark themselves with kHalves.
template <class T, class = void>
struct HasHalves : std::false_type {};
template <class T>
struct HasHalves<T, std::void_t<decltype(T::kHalves)>> : std::true_type {};

// Two values as packed fp16 big and small parts (x0 in the low half, the
// lower address).
__host__ __device__ __forceinline__ void split_f16x2(float x0, float x1, std::uint32_t& big, std::uint32_t& small) {
  const __half2 b = __floats2half2_rn(x0, x1);
  const float2 bf = __half22float2(b);
  const __half2 s = __floats2half2_rn(x0 - bf.x, x1 - bf.y);
  std::memcpy(&big, &b, sizeof big);  // the packed bits (no aliasing through a cast)
  std::memcpy(&small, &s, sizeof small);
}

// Four consecutive dims of one row (dim % 4 == 0) split and stored at half
// offset `at` of the big and small tiles.
__device__ __forceinline__ void put_split_f16(float* big_tile, float* small_tile, int at, float4 v) {
  std::uint32_t b0, s0, b1, s1;
  split_f16x2(v.x, v.y, b0, s0);
  split_f16x2(v.z, v.w, b1, s1);
  *reinterpret_cast<uint2*>(reinterpret_cast<__half*>(big_tile) + at) = make_uint2(b0, b1);
  *reinterpret_cast<uint2*>(reinterpret_cast<__half*>(small_tile) + at) = make_uint2(s0, s1);
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)

// d[64 x 64] += A[64 x 16] * B[64 x 16]^T, one warpgroup, fp16 in (both
// K-major in shared memory), fp32 accumulate; the accumulator's fragment is
// m64nNk8 tf32's (wgmma_tf32.cuh).
__device__ __forceinline__ void wgmma_m64n64k16_f16(float (&d)[32], std::uint64_t a, std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      FUSELAB_WGMMA_D32_REGS
      "%32, %33, accumulate, 1, 1, 0, 0;\n}\n"
      : FUSELAB_WGMMA_D32_BIND(d)
      : "l"(a), "l"(b)
      : "memory");
}

// The same with A in registers (fp16 pairs): warp w of the group holds rows
// 16w..16w+15 as in mma.sync m16n8k16 (g = lane / 4, t = lane % 4): a0 (g,
// k 2t..2t+1), a1 (g + 8, k 2t..2t+1), a2 (g, k 2t+8..2t+9), a3 (g + 8,
// k 2t+8..2t+9), the lower k in the low half. Keep the registers unchanged
// until wgmma_wait (fence them).
__device__ __forceinline__ void wgmma_m64n64k16_f16_ra(float (&d)[32], const std::uint32_t (&a)[4],
                                                       std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      FUSELAB_WGMMA_D32_REGS
      "{%32, %33, %34, %35}, %36, accumulate, 1, 1, 0;\n}\n"
      : FUSELAB_WGMMA_D32_BIND(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b)
      : "memory");
}

// d[64 x 32] += A[64 x 16] * B[32 x 16]^T with A in registers, laid out as
// for wgmma_m64n64k16_f16_ra (attention v083's scores over a 32-key tile).
__device__ __forceinline__ void wgmma_m64n32k16_f16_ra(float (&d)[16], const std::uint32_t (&a)[4],
                                                       std::uint64_t b) {
  asm volatile(
      FUSELAB_WGMMA_ACCUMULATE
      "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 "
      FUSELAB_WGMMA_D16_REGS
      "{%16, %17, %18, %19}, %20, accumulate, 1, 1, 0;\n}\n"
      : FUSELAB_WGMMA_D16_BIND(d)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b)
      : "memory");
}

#endif  // __CUDA_ARCH_FEAT_SM90_ALL

}  // namespace fuselab::kernels
