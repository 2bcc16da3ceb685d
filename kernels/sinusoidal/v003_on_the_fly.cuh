// sinusoidal v003 — full fusion, PE computed on the fly per element (the
// study's V3): for each of the 4 dims of a float4, one accurate sincosf of
// angle(pos, inv_freq[d/2]) keeping sin (even d) or cos (odd d); inv_freq read
// from global memory (L1-resident) per element. Applied to Q once as it lands
// in shared memory and to every K element once per query row (attention v001's
// row kernel). No tables, no workspace.
// Limits: D % 4 == 0, D <= 16384.
#pragma once

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/pe.cuh"

namespace fuselab::kernels::sinusoidal::v003 {

struct OnTheFlyPe {
  static constexpr bool kPaired = false;
  const float* inv_freq;
  static constexpr int smem_floats(int) { return 0; }
  __device__ void prepare(const AttentionProblem&, float*) const {}
  __device__ void add(float4& x, int pos, int d) const {
    x.x += sin_pe1(pos, d + 0, __ldg(inv_freq + (d + 0) / 2));
    x.y += sin_pe1(pos, d + 1, __ldg(inv_freq + (d + 1) / 2));
    x.z += sin_pe1(pos, d + 2, __ldg(inv_freq + (d + 2) / 2));
    x.w += sin_pe1(pos, d + 3, __ldg(inv_freq + (d + 3) / 2));
  }
  __device__ void q(float4& x, int pos, int d, const float*) const { add(x, pos, d); }
  __device__ void k(float4& x, int pos, int d, const float*) const { add(x, pos, d); }
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

inline void launch(const AttentionProblem& p, void* /*workspace*/, cudaStream_t stream) {
  attention::row_online_softmax::launch_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV>(
      p, OnTheFlyPe{p.inv_freq}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v003
