// qk_norm_rope v002 — float4 lane groups: a head row belongs to a group of
// G lanes (G = the power of two >= D/8: 8 for D 64, 16 for D 96 and 128, 32
// for D 256), so a warp normalises 32/G rows at once. Lane u < D/8 of the
// group streams in its two float4s (parts/vec4_halves.cuh), sums their
// squares, the group reduces by shuffles (parts/group_sum.cuh), and the lane
// scales by rsqrt(mean + eps) * w (float4 loads of w), rotates its four
// pairs and streams out two float4s. Lanes u >= D/8 (D 96) only add 0.
// Limits: D % 8 == 0, D <= 256; any T, Hq, Hkv.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/check.cuh"
#include "kernels/common/vec.cuh"
#include "kernels/qk_norm_rope/parts/group_launch.cuh"
#include "kernels/qk_norm_rope/parts/group_sum.cuh"
#include "kernels/qk_norm_rope/parts/head_rows.cuh"
#include "kernels/qk_norm_rope/parts/vec4_halves.cuh"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab::kernels::qk_norm_rope::v002 {

template <bool kNeox, int kGroup>
__global__ void __launch_bounds__(256) vec4_groups_kernel(const QkNormRopeProblem p, long rows) {
  const long row = (long(blockIdx.x) * blockDim.x + threadIdx.x) / kGroup;
  const int u = threadIdx.x % kGroup;
  const int half = p.D / 2;
  const bool active = row < rows && u < p.D / 8;
  float4 lo = zero4(), hi = zero4();
  HeadRow r{};
  if (active) {
    r = head_row(p, row);
    lo = ldcs4(r.x + 4 * u);
    hi = ldcs4(r.x + half + 4 * u);
  }
  // Every lane of the warp takes part in the shuffles, active or not.
  const float inv = rms_inverse(group_sum<kGroup>(squares4(hi, squares4(lo, 0.f))), p.D, p.eps);
  if (!active) return;
  lo = mul4(lo, ldg4(r.w + 4 * u), inv);
  hi = mul4(hi, ldg4(r.w + half + 4 * u), inv);
  rotate_halves<kNeox>(lo, hi, r.pos, p.inv_freq, u, half);
  stcs4(r.out + 4 * u, lo);
  stcs4(r.out + half + 4 * u, hi);
}

inline void launch(const QkNormRopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const long rows = long(p.T) * p.heads();
  if (rows == 0) return;
  by_pairing_and_group(p, [&](auto neox, auto group) {
    vec4_groups_kernel<decltype(neox)::value, decltype(group)::value><<<group_blocks(rows, decltype(group)::value), 256, 0, stream>>>(p, rows);
  });
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::qk_norm_rope::v002
