// qk_norm_rope v001 — fused: one warp per head row (8 rows per 256-thread
// block). Lane l holds pairs l, l + 32, ... (up to kMaxPairs = 4 per lane,
// D <= 256) in registers: it loads both elements of each, sums their
// squares, the warp reduces by shuffles, and each lane scales by
// rsqrt(mean + eps) * w, rotates its pairs (sincosf) and stores them: q and
// k are read once and out written once.
// Limits: D even, D <= 256; any T, Hq, Hkv.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/check.cuh"
#include "kernels/qk_norm_rope/parts/group_sum.cuh"
#include "kernels/qk_norm_rope/parts/head_rows.cuh"
#include "kernels/qk_norm_rope/parts/pair_rotate.cuh"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab::kernels::qk_norm_rope::v001 {

constexpr int kMaxPairs = 4;  // pairs per lane: D/2 <= 128

template <bool kNeox>
__global__ void __launch_bounds__(256) fused_kernel(const QkNormRopeProblem p, long rows) {
  const long row = (long(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;  // whole warps leave together
  const HeadRow r = head_row(p, row);
  const int half = p.D / 2;
  float a[kMaxPairs], b[kMaxPairs];
  float squares = 0.f;
#pragma unroll
  for (int j = 0; j < kMaxPairs; ++j) {
    const int i = lane + 32 * j;
    a[j] = b[j] = 0.f;
    if (i < half) {
      a[j] = __ldg(r.x + pair_first(kNeox, i, half));
      b[j] = __ldg(r.x + pair_second(kNeox, i, half));
    }
    squares = fmaf(a[j], a[j], fmaf(b[j], b[j], squares));
  }
  const float inv = rms_inverse(group_sum<32>(squares), p.D, p.eps);
#pragma unroll
  for (int j = 0; j < kMaxPairs; ++j) {
    const int i = lane + 32 * j;
    if (i >= half) continue;
    const int ia = pair_first(kNeox, i, half), ib = pair_second(kNeox, i, half);
    float x = a[j] * inv * __ldg(r.w + ia), y = b[j] * inv * __ldg(r.w + ib);
    rotate_pair(x, y, r.pos, __ldg(p.inv_freq + i));
    r.out[ia] = x;
    r.out[ib] = y;
  }
}

inline void launch(const QkNormRopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const long rows = long(p.T) * p.heads();
  if (rows == 0) return;
  const unsigned blocks = unsigned((rows * 32 + 255) / 256);
  if (p.pe == PeKind::RopeNeox)
    fused_kernel<true><<<blocks, 256, 0, stream>>>(p, rows);
  else
    fused_kernel<false><<<blocks, 256, 0, stream>>>(p, rows);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::qk_norm_rope::v001
