// Tensor-core fp32 products at fp32 accuracy: "3xTF32" on mma.sync
// m16n8k8 (sm_80+). Each operand x is split into big = tf32(x) (11
// significant bits) and small = tf32(x - big), and
//   a*b ~= a_small*b_big + a_big*b_small + a_big*b_big
// (small terms first). The dropped a_small*b_small and the two splits'
// rounding leave ~2^-22 relative error per product, against 2^-24 for a
// plain fp32 FMA; one TF32 mma alone would leave ~2^-11.
//
// Fragment layouts (PTX ISA, mma.m16n8k8 .tf32), g = lane / 4, t = lane % 4:
//   A (16x8, row-major):  a0 (g, t)  a1 (g+8, t)  a2 (g, t+4)  a3 (g+8, t+4)
//   B (8x8, [k][n]):      b0 (k=t, n=g)           b1 (k=t+4, n=g)
//   C (16x8):             c0 (g, 2t) c1 (g, 2t+1) c2 (g+8, 2t) c3 (g+8, 2t+1)
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

namespace fuselab::kernels {

__device__ __forceinline__ std::uint32_t to_tf32(float x) {
  std::uint32_t r;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
  return r;
}

// How an fp32 value becomes its tf32 big and small parts (big + small = x):
//   kRound  big = tf32(x) rounded, small = tf32(x - big) rounded: ~2^-22
//           relative error per product; cvt.rna is four instructions on
//           sm_90, so ~9 per value.
//   kMask   big = x with its low 13 mantissa bits cleared (exactly a tf32
//           value), small = x - big (exact in fp32), handed to the tensor
//           core as it is (it reads small's top bits): |small| < 2^-10 |x|,
//           so ~2^-20 relative per product (the dropped small * small and
//           small's own truncation); two instructions per value.
enum class Tf32Split { kRound, kMask };

// x with its low 13 mantissa bits cleared: a tf32 value, rounded toward zero.
__device__ __forceinline__ std::uint32_t tf32_truncate(float x) { return __float_as_uint(x) & 0xffffe000u; }

template <Tf32Split kSplit = Tf32Split::kRound>
__device__ __forceinline__ void split_tf32(float x, std::uint32_t& big, std::uint32_t& small) {
  if constexpr (kSplit == Tf32Split::kMask) {
    big = tf32_truncate(x);
    small = __float_as_uint(x - __uint_as_float(big));
  } else {
    big = to_tf32(x);
    small = to_tf32(x - __uint_as_float(big));
  }
}

template <int N>
struct SplitTf32 {
  std::uint32_t big[N], small[N];
  SplitTf32() = default;
  __device__ __forceinline__ explicit SplitTf32(const float (&x)[N]) {
#pragma unroll
    for (int i = 0; i < N; ++i) {
      big[i] = to_tf32(x[i]);
      small[i] = to_tf32(x[i] - __uint_as_float(big[i]));
    }
  }
};

// The split of N values by kSplit, for fragments built from registers.
template <Tf32Split kSplit, int N>
__device__ __forceinline__ SplitTf32<N> split_all(const float (&x)[N]) {
  SplitTf32<N> s;
#pragma unroll
  for (int i = 0; i < N; ++i) split_tf32<kSplit>(x[i], s.big[i], s.small[i]);
  return s;
}

__device__ __forceinline__ void mma_tf32(float (&d)[4], const std::uint32_t (&a)[4],
                                         const std::uint32_t (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// d += a * b at ~fp32 accuracy (three mma).
__device__ __forceinline__ void mma_3xtf32(float (&d)[4], const SplitTf32<4>& a,
                                           const SplitTf32<2>& b) {
  mma_tf32(d, a.small, b.big);
  mma_tf32(d, a.big, b.small);
  mma_tf32(d, a.big, b.big);
}

// The A fragment of rows r0..r0+15, columns k0..k0+7 of a row-major tile
// with leading dimension ld (floats).
__device__ __forceinline__ SplitTf32<4> load_a_frag(const float* tile, int ld, int r0, int k0,
                                                    int lane) {
  const int g = lane >> 2, t = lane & 3;
  const float* r = tile + (r0 + g) * ld + k0 + t;
  const float x[4] = {r[0], r[8 * ld], r[4], r[8 * ld + 4]};
  return SplitTf32<4>(x);
}

// The B fragment for output columns n0..n0+7, k0..k0+7, from a tile stored
// [n][k] (row n holds the k values: K rows for Q.K^T).
__device__ __forceinline__ SplitTf32<2> load_b_frag_nk(const float* tile, int ld, int n0, int k0,
                                                       int lane) {
  const int g = lane >> 2, t = lane & 3;
  const float* r = tile + (n0 + g) * ld + k0 + t;
  const float x[2] = {r[0], r[4]};
  return SplitTf32<2>(x);
}

// The same from a tile stored [k][n] (row k holds the n values: V rows for P.V).
__device__ __forceinline__ SplitTf32<2> load_b_frag_kn(const float* tile, int ld, int n0, int k0,
                                                       int lane) {
  const int g = lane >> 2, t = lane & 3;
  const float* r = tile + (k0 + t) * ld + n0 + g;
  const float x[2] = {r[0], r[4 * ld]};
  return SplitTf32<2>(x);
}

// Operands split once and stored in fragment order: a lane's A fragment is
// one float4 and its B fragment one float2 (conflict-free LDS.128 / LDS.64).
// A tile of rows x (8 * ksteps) columns: element (r, c) sits at a_frag_pos.
__device__ __forceinline__ int a_frag_pos(int r, int c, int ksteps) {
  const int g = r & 7, hr = (r >> 3) & 1, t = c & 3, hc = (c >> 2) & 1;
  return (((r >> 4) * ksteps + (c >> 3)) * 32 + g * 4 + t) * 4 + hr + 2 * hc;
}
// B stored [n][k] (n rows of 8 * ksteps k-columns): element (n, c).
__device__ __forceinline__ int b_frag_pos_nk(int n, int c, int ksteps) {
  const int g = n & 7, t = c & 3, hc = (c >> 2) & 1;
  return (((n >> 3) * ksteps + (c >> 3)) * 32 + g * 4 + t) * 2 + hc;
}
__device__ __forceinline__ SplitTf32<4> load_a_split(const float* big, const float* small, int mt,
                                                     int ks, int ksteps, int lane) {
  const int at = ((mt * ksteps + ks) * 32 + lane) * 4;
  const float4 b = *reinterpret_cast<const float4*>(big + at);
  const float4 s = *reinterpret_cast<const float4*>(small + at);
  SplitTf32<4> f;
  f.big[0] = __float_as_uint(b.x), f.big[1] = __float_as_uint(b.y);
  f.big[2] = __float_as_uint(b.z), f.big[3] = __float_as_uint(b.w);
  f.small[0] = __float_as_uint(s.x), f.small[1] = __float_as_uint(s.y);
  f.small[2] = __float_as_uint(s.z), f.small[3] = __float_as_uint(s.w);
  return f;
}
__device__ __forceinline__ SplitTf32<2> load_b_split(const float* big, const float* small, int nt,
                                                     int ks, int ksteps, int lane) {
  const int at = ((nt * ksteps + ks) * 32 + lane) * 2;
  const float2 b = *reinterpret_cast<const float2*>(big + at);
  const float2 s = *reinterpret_cast<const float2*>(small + at);
  SplitTf32<2> f;
  f.big[0] = __float_as_uint(b.x), f.big[1] = __float_as_uint(b.y);
  f.small[0] = __float_as_uint(s.x), f.small[1] = __float_as_uint(s.y);
  return f;
}
// Split x into (big, small) tf32 bit patterns stored as floats.
__device__ __forceinline__ void split_store(float x, float* big, float* small, int at) {
  const std::uint32_t b = to_tf32(x);
  big[at] = __uint_as_float(b);
  small[at] = __uint_as_float(to_tf32(x - __uint_as_float(b)));
}

}  // namespace fuselab::kernels
