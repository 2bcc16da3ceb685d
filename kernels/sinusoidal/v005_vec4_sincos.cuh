// sinusoidal v005 — the study's V5: cached inv_freq (shared memory, read as
// float2), one sincos per dimension PAIR (both results used: sin -> 2i,
// cos -> 2i+1), float4 everywhere, and the fast SFU intrinsic __sincosf
// (Sincos::kFast). Its absolute error grows with |angle|; at positions
// ~32768 it may fail 5e-5 — that is a result. v006 is the accurate twin
// (Sincos::kAccurate, sincosf), same code otherwise.
// Limits: D % 4 == 0, D <= 16384.
#pragma once

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/sinusoidal/parts/cached_freq_pe.cuh"

namespace fuselab::kernels::sinusoidal::v005 {

template <Sincos kMode>
struct PairSincosPe {
  static constexpr bool kPaired = false;
  static constexpr int smem_floats(int D) { return D / 2; }
  __device__ void prepare(const AttentionProblem& p, float* cache) const {
    cached_freq_pe::stage_freq(p, cache);
  }
  __device__ static void add(float4& x, int pos, int d, const float* cache) {
    const float2 f = *reinterpret_cast<const float2*>(cache + d / 2);  // d/2 even: 8B aligned
    sin_add4<kMode>(x, pos, f.x, f.y);
  }
  __device__ void q(float4& x, int pos, int d, const float* c) const { add(x, pos, d, c); }
  __device__ void k(float4& x, int pos, int d, const float* c) const { add(x, pos, d, c); }
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

template <Sincos kMode>
inline void launch_t(const AttentionProblem& p, cudaStream_t stream) {
  attention::row_online_softmax::launch_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV>(
      p, PairSincosPe<kMode>{}, stream);
}

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  launch_t<Sincos::kFast>(p, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v005
