// qk_norm_rope v003 — two heads of a token per lane group: v002's lane
// groups (G = the power of two >= D/8 lanes per row), each taking the two
// consecutive head rows 2g and 2g + 1 of the output. A lane streams in all
// four float4s (64 bytes) before any math, the group reduces both rows' sums
// of squares, and the sin and cos of its four pairs are evaluated once for
// both rows when they belong to one token (always, with Hq + Hkv even; a
// row pair that straddles two tokens evaluates them again).
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

namespace fuselab::kernels::qk_norm_rope::v003 {

template <bool kNeox, int kGroup>
__global__ void __launch_bounds__(256) token_heads_kernel(const QkNormRopeProblem p, long rows) {
  const long first = (long(blockIdx.x) * blockDim.x + threadIdx.x) / kGroup * 2;
  const int u = threadIdx.x % kGroup;
  const int half = p.D / 2;
  const bool lane = u < p.D / 8;
  const bool has0 = lane && first < rows, has1 = lane && first + 1 < rows;
  float4 lo0 = zero4(), hi0 = zero4(), lo1 = zero4(), hi1 = zero4();
  HeadRow r0{}, r1{};
  if (has0) {
    r0 = head_row(p, first);
    lo0 = ldcs4(r0.x + 4 * u);
    hi0 = ldcs4(r0.x + half + 4 * u);
  }
  if (has1) {
    r1 = head_row(p, first + 1);
    lo1 = ldcs4(r1.x + 4 * u);
    hi1 = ldcs4(r1.x + half + 4 * u);
  }
  // Every lane of the warp takes part in the shuffles, active or not.
  const float inv0 = rms_inverse(group_sum<kGroup>(squares4(hi0, squares4(lo0, 0.f))), p.D, p.eps);
  const float inv1 = rms_inverse(group_sum<kGroup>(squares4(hi1, squares4(lo1, 0.f))), p.D, p.eps);
  if (!has0) return;
  HalvesAngles angles = halves_angles<kNeox>(r0.pos, p.inv_freq, u, half);
  lo0 = mul4(lo0, ldg4(r0.w + 4 * u), inv0);
  hi0 = mul4(hi0, ldg4(r0.w + half + 4 * u), inv0);
  rotate_halves<kNeox>(lo0, hi0, angles);
  stcs4(r0.out + 4 * u, lo0);
  stcs4(r0.out + half + 4 * u, hi0);
  if (!has1) return;
  if (r1.pos != r0.pos) angles = halves_angles<kNeox>(r1.pos, p.inv_freq, u, half);
  lo1 = mul4(lo1, ldg4(r1.w + 4 * u), inv1);
  hi1 = mul4(hi1, ldg4(r1.w + half + 4 * u), inv1);
  rotate_halves<kNeox>(lo1, hi1, angles);
  stcs4(r1.out + 4 * u, lo1);
  stcs4(r1.out + half + 4 * u, hi1);
}

inline void launch(const QkNormRopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const long rows = long(p.T) * p.heads();
  if (rows == 0) return;
  by_pairing_and_group(p, [&](auto neox, auto group) {
    token_heads_kernel<decltype(neox)::value, decltype(group)::value><<<group_blocks((rows + 1) / 2, decltype(group)::value), 256, 0, stream>>>(p, rows);
  });
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::qk_norm_rope::v003
