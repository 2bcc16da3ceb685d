// Part cached_freq_pe, first built as sinusoidal v004:
// v003 with inv_freq staged once per block in shared memory
// (D/2 floats, up to 32 KB) instead of read from global per element (the
// study's V4). Still one accurate sincosf per element.
// Limits: D % 4 == 0, D <= 16384 (shared memory: 4*D + 2*D bytes).
#pragma once

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/pe.cuh"

namespace fuselab::kernels::sinusoidal::cached_freq_pe {

// Fills cache[0 .. D/2) with inv_freq; the row kernel syncs after prepare().
__device__ __forceinline__ void stage_freq(const AttentionProblem& p, float* cache) {
  for (int i = threadIdx.x; i < p.D / 2; i += blockDim.x) cache[i] = p.inv_freq[i];
}

struct CachedFreqPe {
  static constexpr bool kPaired = false;
  static constexpr int smem_floats(int D) { return D / 2; }
  __device__ void prepare(const AttentionProblem& p, float* cache) const { stage_freq(p, cache); }
  __device__ static void add(float4& x, int pos, int d, const float* f) {
    x.x += sin_pe1(pos, d + 0, f[(d + 0) / 2]);
    x.y += sin_pe1(pos, d + 1, f[(d + 1) / 2]);
    x.z += sin_pe1(pos, d + 2, f[(d + 2) / 2]);
    x.w += sin_pe1(pos, d + 3, f[(d + 3) / 2]);
  }
  __device__ void q(float4& x, int pos, int d, const float* f) const { add(x, pos, d, f); }
  __device__ void k(float4& x, int pos, int d, const float* f) const { add(x, pos, d, f); }
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  attention::row_online_softmax::launch_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV>(
      p, CachedFreqPe{}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::cached_freq_pe
