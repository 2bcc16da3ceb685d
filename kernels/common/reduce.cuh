// Warp and block reductions. Every block reduction BROADCASTS its result to
// all threads of the block (the original study's bug: only warp 0 held the
// block sum, so warps 1.. normalised with stale values).
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

// Butterfly (xor) shuffles: every lane ends with the full result.
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

struct SumOp {
  __device__ static float apply(float a, float b) { return a + b; }
  __device__ static float identity() { return 0.f; }
  __device__ static float warp(float v) { return warp_sum(v); }
};
struct MaxOp {
  __device__ static float apply(float a, float b) { return fmaxf(a, b); }
  __device__ static float identity() { return -__int_as_float(0x7f800000); }  // -inf
  __device__ static float warp(float v) { return warp_max(v); }
};

// Reduce N values per thread across the block at once; returns with v[]
// holding the block results in EVERY thread. scratch: N * 32 floats of shared
// memory. Called by all threads of the block (contains __syncthreads); safe to
// call back to back (the trailing barrier protects scratch reuse).
// Reduction order is fixed (warp butterfly, then warps 0..nw-1 in order), so
// results are deterministic.
template <class Op, int N>
__device__ __forceinline__ void block_reduce(float (&v)[N], float* scratch) {
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int nwarps = (blockDim.x + 31) >> 5;
#pragma unroll
  for (int n = 0; n < N; ++n) {
    v[n] = Op::warp(v[n]);
    if (lane == 0) scratch[n * 32 + warp] = v[n];
  }
  __syncthreads();
#pragma unroll
  for (int n = 0; n < N; ++n) {
    float r = scratch[n * 32];
    for (int w = 1; w < nwarps; ++w) r = Op::apply(r, scratch[n * 32 + w]);
    v[n] = r;  // broadcast: every thread read the same partials
  }
  __syncthreads();
}

}  // namespace fuselab::kernels
