// decode v000 — separate: what a user writes first, four plain launches.
//   1. rotate: one thread per pair of each q row, q' = scale · rope(q) into
//      the workspace [B, Hq, Sq, D];
//   2. scores: one warp per (query row, key): lanes stride D, a warp sum,
//      S = q'·k (−inf past the causal limit) into the workspace [rows, Skv];
//   3. softmax: one warp per row of S, in place (max, sum of exp, scale);
//   4. P·V: one thread per output element (row, d), a loop over the keys.
// Each query head reads its kv head's K and V itself: Hq/Hkv reads of each
// (L2 catches some), and S crosses memory three times.
// Limits: none on shape (any even D, Sq <= Skv, any GQA ratio); S costs
// B·Hq·Sq·Skv floats of workspace.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/check.cuh"
#include "kernels/common/reduce.cuh"
#include "kernels/decode/parts/rotated_query.cuh"
#include "kernels/decode/problem.h"

namespace fuselab::kernels::decode::v000 {

constexpr int kWarps = 8;

inline long query_rows(const DecodeProblem& p) { return long(p.B) * p.Hq * p.Sq; }
inline std::size_t rotated_bytes(const DecodeProblem& p) {
  return align_up(std::size_t(query_rows(p)) * p.D * sizeof(float), 256);
}
inline std::size_t workspace_bytes(const DecodeProblem& p) {
  return rotated_bytes(p) + std::size_t(query_rows(p)) * p.Skv * sizeof(float);
}

// The kv row base of query row `row`: k or v + ((b·Hkv + h / g)·Skv)·D.
__device__ __forceinline__ long kv_base(const DecodeProblem& p, long row) {
  const long bh = row / p.Sq;
  return ((bh / p.Hq) * p.Hkv + (bh % p.Hq) / p.group()) * long(p.Skv) * p.D;
}

static __global__ void __launch_bounds__(256) rotate_kernel(const DecodeProblem p, float* rotated, long rows) {
  const int per_row = p.pe == PeKind::None ? p.D : p.D / 2;
  const long t = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= rows * per_row) return;
  const long row = t / per_row;
  rotated_query(p, p.q + row * p.D, visible_end(p, row) - 1, rotated + row * p.D, int(t % per_row), per_row);
}

static __global__ void __launch_bounds__(kWarps * 32)
    scores_kernel(const DecodeProblem p, const float* rotated, float* scores, long pairs) {
  const long w = long(blockIdx.x) * kWarps + (threadIdx.x >> 5);
  if (w >= pairs) return;  // whole warp leaves together
  const int lane = threadIdx.x & 31;
  const long row = w / p.Skv;
  const int j = int(w % p.Skv);
  if (j >= visible_end(p, row)) {
    if (lane == 0) scores[w] = -INFINITY;
    return;
  }
  const float* q = rotated + row * p.D;
  const float* k = p.k + kv_base(p, row) + long(j) * p.D;
  float dot = 0.f;
  for (int d = lane; d < p.D; d += 32) dot = fmaf(q[d], k[d], dot);
  dot = warp_sum(dot);
  if (lane == 0) scores[w] = dot;
}

static __global__ void __launch_bounds__(kWarps * 32) softmax_kernel(const DecodeProblem p, float* scores, long rows) {
  const long row = long(blockIdx.x) * kWarps + (threadIdx.x >> 5);
  if (row >= rows) return;
  const int lane = threadIdx.x & 31, limit = visible_end(p, row);
  float* r = scores + row * p.Skv;
  float m = -INFINITY;
  for (int j = lane; j < limit; j += 32) m = fmaxf(m, r[j]);
  m = warp_max(m);
  float sum = 0.f;
  for (int j = lane; j < limit; j += 32) sum += expf(r[j] - m);
  const float inv = 1.f / warp_sum(sum);
  for (int j = lane; j < p.Skv; j += 32) r[j] = j < limit ? expf(r[j] - m) * inv : 0.f;
}

static __global__ void __launch_bounds__(256) pv_kernel(const DecodeProblem p, const float* probs, long elements) {
  const long t = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= elements) return;
  const long row = t / p.D;
  const int d = int(t % p.D), limit = visible_end(p, row);
  const float* pr = probs + row * p.Skv;
  const float* v = p.v + kv_base(p, row) + d;
  float acc = 0.f;
  for (int j = 0; j < limit; ++j) acc = fmaf(pr[j], v[long(j) * p.D], acc);
  p.out[t] = acc;
}

inline unsigned blocks(long threads, int per_block) { return unsigned((threads + per_block - 1) / per_block); }

inline void launch(const DecodeProblem& p, void* workspace, cudaStream_t stream) {
  const long rows = query_rows(p);
  if (rows == 0) return;
  float* rotated = static_cast<float*>(workspace);
  float* scores = reinterpret_cast<float*>(static_cast<char*>(workspace) + rotated_bytes(p));
  const int per_row = p.pe == PeKind::None ? p.D : p.D / 2;
  rotate_kernel<<<blocks(rows * per_row, 256), 256, 0, stream>>>(p, rotated, rows);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  const long pairs = rows * p.Skv;
  scores_kernel<<<blocks(pairs, kWarps), kWarps * 32, 0, stream>>>(p, rotated, scores, pairs);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  softmax_kernel<<<blocks(rows, kWarps), kWarps * 32, 0, stream>>>(p, scores, rows);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
  pv_kernel<<<blocks(rows * p.D, 256), 256, 0, stream>>>(p, scores, rows * p.D);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

}  // namespace fuselab::kernels::decode::v000
