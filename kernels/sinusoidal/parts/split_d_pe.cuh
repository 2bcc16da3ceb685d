// Part split_d_pe, first built as sinusoidal v007:
// chip-filling split-D (attention v002's three phases) with
// the PE added once per element as Q/K sub-tiles land in registers in phase 1:
// one accurate sincosf per dimension pair, inv_freq read as float2 from
// global (L1-resident). Each Q and K element gets its PE exactly once per
// query head (K: Hq/Hkv times under GQA). Phases 2-3 are attention v002's.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0; causal, GQA, cross supported.
#pragma once

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/common/pe.cuh"

namespace fuselab::kernels::sinusoidal::split_d_pe {

// The sinusoidal hook of the split-D and head-tile designs; kMode picks the
// sin/cos evaluation (v007..v015: accurate; v016, v017: reduced).
template <Sincos kMode>
struct SinPe {
  static constexpr bool kPaired = false;
  const float* inv_freq;
  __device__ void add(float4& x, int pos, int d) const {
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + d / 2));
    sin_add4<kMode>(x, pos, f.x, f.y);
  }
  __device__ void q(float4& x, int pos, int d) const { add(x, pos, d); }
  __device__ void k(float4& x, int pos, int d) const { add(x, pos, d); }
  // Dims 4l..4l+3 with their frequencies f = inv_freq[2l], inv_freq[2l + 1]
  // already loaded (attention v045 loads them with Q).
  __device__ void lane_with_freq(float4& x, int pos, float2 f) const { sin_add4<kMode>(x, pos, f.x, f.y); }
  // The same in two steps: the values from the position alone, then added
  // (sinusoidal v093: K's values before K lands).
  __device__ float4 lane_values(int pos, float2 f) const { return sin_pe4<kMode>(pos, f.x, f.y); }
  __device__ void lane_apply(float4& x, float4 e) const { add4(x, e); }
  __device__ void q2(float4&, float4&, int, int) const {}
  __device__ void k2(float4&, float4&, int, int) const {}
  // Q and K float4s at the same position and dims: one evaluation (QkShared).
  __device__ void both(float4& xq, float4& xk, int pos, int d) const {
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + d / 2));
    const float4 e = sin_pe4<kMode>(pos, f.x, f.y);
    add4(xq, e);
    add4(xk, e);
  }
};
using SinSplitPe = SinPe<Sincos::kAccurate>;

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return attention::split_d::workspace_bytes_for<false>(p);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  attention::split_d::launch_with(p, SinSplitPe{p.inv_freq}, workspace, stream);
}

}  // namespace fuselab::kernels::sinusoidal::split_d_pe
