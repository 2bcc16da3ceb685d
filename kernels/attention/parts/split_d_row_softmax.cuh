// Part split_d_row_softmax, first built as attention v014:
// v013 with a wider phase 2, and v006's phase 3 where
// v013's 128-dim sub-tiles leave SMs idle. From v013's ncu profile
// (reports/device-logs/20261121T0520Z-ncu-issue.txt):
//   phase 2: v006's softmax takes ~7 us at every D: 64 blocks of 256 threads,
//            each thread summing its score's chunk partials one after another
//            (64 loads at D >= 2048, 8.8 cycles of long-scoreboard stall per
//            instruction). Here a block owns one score row and four threads
//            own each score, thread q summing chunks q, q + 4, ... in double;
//            the four sums are added in q order (fixed order: deterministic).
//            Four times the blocks, a quarter of the chain per thread.
//   phase 3: v013's pv_kernel makes ceil(D / 128) blocks per head; where that
//            is fewer than the SMs (D = 2048: 64 blocks), v006's pv_kernel
//            (64-dim sub-tiles, 256 threads) runs instead.
// Phase 1: v013's. Limits: as v013. Workspace: v013's.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"
#include "kernels/attention/parts/split_d_mma.cuh"  // sm_count
#include "kernels/attention/parts/split_d_register_tiles.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/launch_config.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/reduce.cuh"

namespace fuselab::kernels::attention::split_d_row_softmax {

using split_d::kS;

inline constexpr int kSplit = 4;  // threads per score in phase 2

// Whether score (i, j) enters row i's softmax (a key, not masked).
__device__ __forceinline__ bool score_visible(const AttentionProblem& p, int i, int j) {
  return j < p.Sk && (!p.causal || p.k_offset + j <= p.q_offset + i);
}

// Where score (i, j)'s partials begin: chunk c's lies c * kS * kS floats on.
__device__ __forceinline__ const float* partials_of(const float* part, int chunks, int i, int bh, int j) {
  return part + std::size_t(bh) * chunks * kS * kS + i * kS + j;
}

// kInFlight of a thread's partials (chunks c0, c0 + kSplit, ...; 0 past the
// last chunk) loaded before any is added (v029). kCoherent (v050): through
// L2 only (ld.global.cg).
template <int kInFlight, bool kCoherent>
struct PartialsInFlight {
  float v[kInFlight];
  __device__ __forceinline__ void load(const float* src, int c0, int chunks) {
#pragma unroll
    for (int u = 0; u < kInFlight; ++u) {
      const int c = c0 + kSplit * u;
      if constexpr (kCoherent) v[u] = c < chunks ? __ldcg(src + std::size_t(c) * kS * kS) : 0.f;
      else v[u] = c < chunks ? src[std::size_t(c) * kS * kS] : 0.f;
    }
  }
  __device__ __forceinline__ double add_to(double sum) const {
#pragma unroll
    for (int u = 0; u < kInFlight; ++u) sum += double(v[u]);  // + 0.0 past the last chunk: no change
    return sum;
  }
};

// sum plus the thread's partials from chunk c0 on (c0, c0 + kSplit, ...),
// kInFlight at a time.
template <int kInFlight, bool kCoherent>
__device__ __forceinline__ double add_partials(const float* src, int c0, int chunks, double sum) {
  for (; c0 < chunks; c0 += kSplit * kInFlight) {
    PartialsInFlight<kInFlight, kCoherent> batch;
    batch.load(src, c0, chunks);
    sum = batch.add_to(sum);
  }
  return sum;
}

// Row i's softmax from thread (j, q)'s sum of score (i, j)'s partials (0
// where the score is not visible): the kSplit sums are added in q order,
// and the q == 0 threads store P's row. Every thread of the block calls it.
// kCopies > 1 (v096): the row is stored into kCopies copies of P,
// copy_floats apart, copy r by the threads q == r % kSplit.
template <int kCopies = 1>
__device__ __forceinline__ void store_row_softmax(const AttentionProblem& p, bool visible, double sum, float* P, int i,
                                                  int bh, int j, int q, std::size_t copy_floats = 0) {
  __shared__ double sums[kSplit][kS];
  __shared__ float red[2];
  sums[q][j] = sum;
  __syncthreads();
  double total = 0.0;
#pragma unroll
  for (int k = 0; k < kSplit; ++k) total += sums[k][j];
  const float s = visible ? float(total * double(p.scale)) : MaxOp::identity();
  // Every q computes the row's softmax; the q == 0 threads publish and store.
  const int w = j >> 5, lane = j & 31;
  float m = warp_max(s);
  if (lane == 0 && q == 0) red[w] = m;
  __syncthreads();
  m = fmaxf(red[0], red[1]);
  __syncthreads();
  const float e = visible ? expf(s - m) : 0.f;
  float l = warp_sum(e);
  if (lane == 0 && q == 0) red[w] = l;
  __syncthreads();
  l = red[0] + red[1];
  if constexpr (kCopies == 1) {
    if (q == 0) P[(std::size_t(bh) * kS + i) * kS + j] = l > 0.f ? e / l : 0.f;
  } else {
    const float value = l > 0.f ? e / l : 0.f;
    for (int r = q; r < kCopies; r += kSplit) P[r * copy_floats + (std::size_t(bh) * kS + i) * kS + j] = value;
  }
}

// Phase 2 for score row i of head bh: thread (j, q) of kS x kSplit threads
// (v026 runs it in one launch, after a grid barrier: plain loads, since
// the partials were written by the same launch).
// kInFlight (v029): 0 is v014's loop; N > 0 loads N of the thread's
// partials before adding them (in the same order), so N loads are in flight.
// kCoherent (v050): the partials read through L2 only (ld.global.cg), for a
// phase 2 that runs beside phase 1. Plain loads after the wait are sound as
// well, as long as the pointer is not const __restrict__ (launch_config.cuh).
template <int kInFlight = 0, bool kCoherent = false>
__device__ __forceinline__ void softmax_row(const AttentionProblem& p, const float* part, int chunks, float* P, int i,
                                            int bh, int j, int q) {
  static_assert(!kCoherent || kInFlight > 0, "coherent reads: the in-flight loop only");
  const bool visible = score_visible(p, i, j);
  double sum = 0.0;
  if (visible) {
    const float* src = partials_of(part, chunks, i, bh, j);
    if constexpr (kInFlight == 0) {
#pragma unroll 4
      for (int c = q; c < chunks; c += kSplit) sum += double(src[std::size_t(c) * kS * kS]);
    } else {
      sum = add_partials<kInFlight, kCoherent>(src, q, chunks, sum);
    }
  }
  store_row_softmax(p, visible, sum, P, i, bh, j, q);
}

// Phase 2: grid (Sq, B*Hq), block (kS, kSplit): thread (j, q) of row i.
static __global__ void __launch_bounds__(kS * kSplit)
    row_softmax_kernel(const AttentionProblem p, const float* part, int chunks,
                       float* __restrict__ P) {
  cudaGridDependencySynchronize();  // phase 1's partials are complete and visible
  softmax_row(p, part, chunks, P, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
}
// The same with kInFlight of a thread's partial loads in flight (v029).
template <int kInFlight>
__global__ void __launch_bounds__(kS * kSplit)
    row_softmax_in_flight_kernel(const AttentionProblem p, const float* part, int chunks,
                                 float* __restrict__ P) {
  cudaGridDependencySynchronize();
  softmax_row<kInFlight>(p, part, chunks, P, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y);
}

template <int kInFlight = 0>
inline void launch_row_softmax(const AttentionProblem& p, const float* part, int chunks, float* P,
                               cudaStream_t stream) {
  constexpr auto kernel = kInFlight == 0 ? &row_softmax_kernel : &row_softmax_in_flight_kernel<kInFlight>;
  launch_dependent(kernel, dim3(p.Sq, unsigned(p.B) * p.Hq), dim3(kS, kSplit), 0, stream, p, part, chunks, P);
}

// Phase 3: v013's where its grid covers the SMs, else v006's.
inline void launch_pv(const AttentionProblem& p, const split_d::Plan& pl, const float* P, cudaStream_t stream) {
  const unsigned bh = unsigned(p.B) * p.Hq;
  const int sms = split_d_mma::sm_count();
  const split_d_register_tiles::Plan3 pl3 = split_d_register_tiles::make_plan3(p, sms);
  if (std::size_t(pl3.chunks) * bh >= std::size_t(sms)) {
    split_d_register_tiles::launch_pv(p, pl3, P, stream);
    return;
  }
  set_max_dynamic_smem(&split_d_tuned::pv_kernel, int(split_d_tuned::kPvSmemBytes));
  launch_dependent(&split_d_tuned::pv_kernel, dim3(pl.chunks3, bh), dim3(split_d::kThreads), split_d_tuned::kPvSmemBytes, stream, p, P,
                   pl.nsub3, pl.spb3);
}

// The entry points of a pipeline of three launches with no PE: kPhase1(p, pe,
// plan, workspace, stream) writes phase 1's partial scores and returns the
// buffers, phase 2 is this part's row softmax (kInFlight: its loads in
// flight, 0 = v013's), and kPhase3(p, plan, P, stream) takes P.V. A part
// declares them once, for example
//   using Launches = split_d_row_softmax::ThreeLaunches<&launch_partial_scores<split_d::NoPe>, &launch_pv>;
template <auto kPhase1, auto kPhase3, int kInFlight = 0>
struct ThreeLaunches {
  static void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
    const split_d::Plan pl = split_d::make_plan<split_d::NoPe::kPaired>(p);
    const split_d_register_tiles::Buffers buf = kPhase1(p, split_d::NoPe{}, pl, workspace, stream);
    launch_row_softmax<kInFlight>(p, buf.part, pl.chunks1, buf.P, stream);
    kPhase3(p, pl, buf.P, stream);
  }
  static std::size_t workspace_bytes(const AttentionProblem& p) { return split_d_register_tiles::workspace_bytes(p); }
};

using Launches = ThreeLaunches<&split_d_register_tiles::launch_partial_scores<split_d::NoPe>, &launch_pv>;
inline constexpr auto& launch = Launches::launch;
inline constexpr auto& workspace_bytes = Launches::workspace_bytes;

}  // namespace fuselab::kernels::attention::split_d_row_softmax
