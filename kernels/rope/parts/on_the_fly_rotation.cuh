// Part on_the_fly_rotation, first built as rope v002:
// full fusion, rotation computed on the fly: accurate sincosf of
// angle(pos, inv_freq[i]) per pair, inv_freq read from global (float2 per
// interleaved float4, float4 per neox float4 pair; L1-resident). Attention
// v001's row kernel: Q rotated once into shared memory, every K element
// rotated once per query row (Sq-fold redundant).
// Limits: D % 4 == 0 (D % 8 for neox), D <= 16384.
#pragma once

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/pe.cuh"

namespace fuselab::kernels::rope::on_the_fly_rotation {

// Freq source: global memory (kCached = false) or the shared cache filled by
// prepare() (kCached = true, D/2 floats). Rotates Q and/or K (kQ, kK).
template <bool kNeox, bool kCached, bool kQ = true, bool kK = true>
struct OnTheFlyPe {
  static constexpr bool kPaired = kNeox;
  const float* inv_freq;
  static constexpr int smem_floats(int D) { return kCached ? D / 2 : 0; }
  __device__ void prepare(const AttentionProblem& p, float* cache) const {
    if constexpr (kCached)
      for (int i = threadIdx.x; i < p.D / 2; i += blockDim.x) cache[i] = inv_freq[i];
  }
  __device__ float2 f2(int i, const float* cache) const {
    if constexpr (kCached) return *reinterpret_cast<const float2*>(cache + i);
    else return __ldg(reinterpret_cast<const float2*>(inv_freq + i));
  }
  __device__ float4 f4(int i, const float* cache) const {
    if constexpr (kCached) return ld4(cache + i);
    else return ldg4(inv_freq + i);
  }
  __device__ void inter(float4& x, int pos, int d, const float* c) const {
    const float2 f = f2(d / 2, c);
    rope_inter4<Sincos::kAccurate>(x, pos, f.x, f.y);
  }
  __device__ void q(float4& x, int pos, int d, const float* c) const {
    if constexpr (kQ) inter(x, pos, d, c);
  }
  __device__ void k(float4& x, int pos, int d, const float* c) const {
    if constexpr (kK) inter(x, pos, d, c);
  }
  __device__ void q2(float4& lo, float4& hi, int pos, int i, const float* c) const {
    if constexpr (kQ) rope_neox4<Sincos::kAccurate>(lo, hi, pos, f4(i, c));
  }
  __device__ void k2(float4& lo, float4& hi, int pos, int i, const float* c) const {
    if constexpr (kK) rope_neox4<Sincos::kAccurate>(lo, hi, pos, f4(i, c));
  }
};

// Row-kernel launch with the pairing chosen at run time.
template <int QPB, int THREADS, int MaxNV, bool kCached, bool kQ = true, bool kK = true>
inline void launch_rope_rows(const AttentionProblem& p, cudaStream_t stream) {
  using attention::row_online_softmax::launch_rows;
  if (p.pe == PeKind::RopeNeox)
    launch_rows<QPB, THREADS, MaxNV>(p, OnTheFlyPe<true, kCached, kQ, kK>{p.inv_freq}, stream);
  else
    launch_rows<QPB, THREADS, MaxNV>(p, OnTheFlyPe<false, kCached, kQ, kK>{p.inv_freq}, stream);
}

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  launch_rope_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV, false>(p, stream);
}

}  // namespace fuselab::kernels::rope::on_the_fly_rotation
