// qk_norm_rope v000 — separate: what a user gets without fusion. Launch 1,
// an RMSNorm: one warp per head row (8 rows per 256-thread block), lanes
// stride the row by 32, sum their squares, reduce by shuffles, and write
// x * rsqrt(mean + eps) * w to out. Launch 2, a RoPE in place on out: one
// thread per pair reads both elements, rotates them (sincosf) and writes
// them back. q and k go through memory four times: read, write, read, write.
// Limits: D even; any T, Hq, Hkv.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/check.cuh"
#include "kernels/qk_norm_rope/parts/group_sum.cuh"
#include "kernels/qk_norm_rope/parts/head_rows.cuh"
#include "kernels/qk_norm_rope/parts/pair_rotate.cuh"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab::kernels::qk_norm_rope::v000 {

static __global__ void __launch_bounds__(256) rms_norm_kernel(const QkNormRopeProblem p, long rows) {
  const long row = (long(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;  // whole warps leave together
  const HeadRow r = head_row(p, row);
  float squares = 0.f;
  for (int d = lane; d < p.D; d += 32) squares = fmaf(r.x[d], r.x[d], squares);
  const float inv = rms_inverse(group_sum<32>(squares), p.D, p.eps);
  for (int d = lane; d < p.D; d += 32) r.out[d] = r.x[d] * inv * r.w[d];
}

static __global__ void __launch_bounds__(256) rope_kernel(const QkNormRopeProblem p, long pairs) {
  const long e = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= pairs) return;
  const int half = p.D / 2;
  const long row = e / half;
  const int i = int(e % half);
  const bool neox = p.pe == PeKind::RopeNeox;
  float* o = p.out + row * long(p.D);
  const int pos = int(__ldg(p.positions + row / (p.Hq + p.Hkv)));
  float a = o[pair_first(neox, i, half)], b = o[pair_second(neox, i, half)];
  rotate_pair(a, b, pos, __ldg(p.inv_freq + i));
  o[pair_first(neox, i, half)] = a;
  o[pair_second(neox, i, half)] = b;
}

inline void launch(const QkNormRopeProblem& p, void* /*workspace*/, cudaStream_t stream) {
  const long rows = long(p.T) * p.heads();
  if (rows == 0) return;
  rms_norm_kernel<<<unsigned((rows * 32 + 255) / 256), 256, 0, stream>>>(p, rows);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const long pairs = rows * (p.D / 2);
  rope_kernel<<<unsigned((pairs + 255) / 256), 256, 0, stream>>>(p, pairs);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::qk_norm_rope::v000
