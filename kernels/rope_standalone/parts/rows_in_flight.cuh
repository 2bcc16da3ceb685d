// Part rows_in_flight, first built as rope_standalone v002:
// more bytes in flight per thread, fewer sincos.
// A thread owns one group of 8 dims (4 pairs) at one sequence position s and
// processes it for kRows = 4 rows n, n+1, .. (same position, so the same
// angles): it issues all 4 x 32 bytes of streaming loads (ld.global.cs) first,
// computes the 4 sincos pairs once, then rotates and streams the 4 results out
// (st.global.cs). Groups: neox = float4 at i plus float4 at i + D/2;
// interleaved = the two float4s at 8u and 8u+4. 4x fewer sincosf than v001 and
// 128 bytes of loads in flight per thread instead of 16-32.
// kInterByHalves (v003): interleaved pairs read as neox reads its halves,
// the float4s at 4u and D/2 + 4u (pairs 2u, 2u + 1 and D/4 + 2u, D/4 + 2u + 1),
// so that every load and store instruction of a warp is contiguous.
// Limits: D % 8 == 0; any N (rows past N are skipped), any S.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::rope_standalone::rows_in_flight {

inline constexpr int kRows = 4;

template <bool kNeox, bool kInterByHalves = false>
__global__ void __launch_bounds__(256) rope_rows_kernel(const RopeProblem p, long units) {
  constexpr bool kHalves = kNeox || kInterByHalves;
  const long idx = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (idx >= units) return;
  const int D = p.D, U = D / 8;
  const int u = int(idx % U);
  const long rest = idx / U;
  const int s = int(rest % p.S);
  const int n0 = int(rest / p.S) * kRows;
  // Element offsets of the two float4s of the group within a row.
  const int off_a = kHalves ? 4 * u : 8 * u;
  const int off_b = kHalves ? D / 2 + 4 * u : 8 * u + 4;
  const long row_stride = long(p.S) * D;
  const long base = (long(n0) * p.S + s) * D;

  float4 a[kRows], b[kRows];
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    if (n0 + r < p.N) {
      a[r] = ldcs4(p.x + base + r * row_stride + off_a);
      b[r] = ldcs4(p.x + base + r * row_stride + off_b);
    }
  }
  const int pos = p.offset + s;
  float4 f;  // the pairs of a (x, y) and of b (z, w)
  if constexpr (kNeox || !kInterByHalves) {
    f = ldg4(p.inv_freq + 4 * u);  // pairs 4u..4u+3 in both pairings
  } else {
    const float2 fa = __ldg(reinterpret_cast<const float2*>(p.inv_freq + 2 * u));
    const float2 fb = __ldg(reinterpret_cast<const float2*>(p.inv_freq + D / 4 + 2 * u));
    f = make_float4(fa.x, fa.y, fb.x, fb.y);
  }
  float4 sn, cs;
  pe_sincos<Sincos::kAccurate>(pe_angle(pos, f.x), &sn.x, &cs.x);
  pe_sincos<Sincos::kAccurate>(pe_angle(pos, f.y), &sn.y, &cs.y);
  pe_sincos<Sincos::kAccurate>(pe_angle(pos, f.z), &sn.z, &cs.z);
  pe_sincos<Sincos::kAccurate>(pe_angle(pos, f.w), &sn.w, &cs.w);
#pragma unroll
  for (int r = 0; r < kRows; ++r) {
    if (n0 + r < p.N) {
      if constexpr (kNeox) {
        rope_neox4_cs(a[r], b[r], cs, sn);
      } else {
        rope_inter4_cs(a[r], cs.x, sn.x, cs.y, sn.y);
        rope_inter4_cs(b[r], cs.z, sn.z, cs.w, sn.w);
      }
      stcs4(p.out + base + r * row_stride + off_a, a[r]);
      stcs4(p.out + base + r * row_stride + off_b, b[r]);
    }
  }
}

template <bool kInterByHalves>
inline void launch_rows(const RopeProblem& p, cudaStream_t stream) {
  const long units = long((p.N + kRows - 1) / kRows) * p.S * (p.D / 8);
  if (units == 0) return;
  const unsigned blocks = unsigned((units + 255) / 256);
  if (p.pe == PeKind::RopeNeox)
    rope_rows_kernel<true><<<blocks, 256, 0, stream>>>(p, units);
  else
    rope_rows_kernel<false, kInterByHalves><<<blocks, 256, 0, stream>>>(p, units);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const RopeProblem& p, void* /*workspace*/, cudaStream_t stream) { launch_rows<false>(p, stream); }

}  // namespace fuselab::kernels::rope_standalone::rows_in_flight
