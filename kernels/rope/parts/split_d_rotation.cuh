// Part split_d_rotation, first built as rope v008:
// chip-filling split-D (attention v002's three phases) with every
// Q and K element rotated exactly once per query head, in registers, as its
// phase-1 sub-tile lands (accurate sincosf, inv_freq from global).
// Pairing: interleaved pairs sit inside one float4, so the contiguous 32-dim
// sub-tiles work unchanged. Neox pairs (i, i + D/2) would straddle chunks, so
// the neox hook is "paired": a phase-1 sub-tile is dims [16s, 16s+16) of the
// low half plus the same 16 dims of the high half, and a thread loads the
// float4 at i and at i + D/2 together and rotates them. The dot product does
// not care in which order a block visits dims.
// Limits: Sq <= 64, Sk <= 64, D % 4 == 0 (D % 8 for neox); causal, GQA, cross.
#pragma once

#include "kernels/attention/parts/split_d.cuh"
#include "kernels/common/pe.cuh"

namespace fuselab::kernels::rope::split_d_rotation {

// kMode picks the sin/cos evaluation (v008..v016: accurate; v017, v018: reduced).
template <bool kNeox, Sincos kMode = Sincos::kAccurate>
struct RopeSplitPe {
  static constexpr bool kPaired = kNeox;
  const float* inv_freq;
  __device__ void inter(float4& x, int pos, int d) const {
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + d / 2));
    rope_inter4<kMode>(x, pos, f.x, f.y);
  }
  __device__ void q(float4& x, int pos, int d) const { inter(x, pos, d); }
  __device__ void k(float4& x, int pos, int d) const { inter(x, pos, d); }
  __device__ void q2(float4& lo, float4& hi, int pos, int i) const {
    rope_neox4<kMode>(lo, hi, pos, ldg4(inv_freq + i));
  }
  __device__ void k2(float4& lo, float4& hi, int pos, int i) const {
    rope_neox4<kMode>(lo, hi, pos, ldg4(inv_freq + i));
  }
  // Neox with both halves of pairs i, i + 1 in one float4: x = (x[i],
  // x[i + 1], x[i + D/2], x[i + 1 + D/2]), i even (attention v043's lanes).
  __device__ void pair2(float4& x, int pos, int i) const {
    pair2_with_freq(x, pos, __ldg(reinterpret_cast<const float2*>(inv_freq + i)));
  }
  __device__ void pair2_with_freq(float4& x, int pos, float2 f) const {
    pair2_apply(x, sin_pe4<kMode>(pos, f.x, f.y));
  }
  // pair2's rotation with e = (s0, c0, s1, c1) given.
  __device__ static void pair2_apply(float4& x, float4 e) {
    rope_rotate(x.x, x.z, e.y, e.x);
    rope_rotate(x.y, x.w, e.w, e.z);
  }
  // Neox: lo holds dims i..i+3, hi their partners i+D/2.., with f =
  // inv_freq[i..i+3] already loaded (attention v046's lanes).
  __device__ void pair4_with_freq(float4& lo, float4& hi, int pos, float4 f) const {
    rope_neox4<kMode>(lo, hi, pos, f);
  }
  // Lane l's float4 (dims 4l..4l+3 interleaved, or pairs 2l, 2l + 1 packed as
  // in pair2 for neox) with f = inv_freq[2l], inv_freq[2l + 1] already loaded.
  __device__ void lane_with_freq(float4& x, int pos, float2 f) const {
    if constexpr (kNeox) pair2_with_freq(x, pos, f);
    else rope_inter4<kMode>(x, pos, f.x, f.y);
  }
  // The same in two steps: the lane's (s0, c0, s1, c1) from the position
  // alone, then the rotation (rope v096: K's values before K lands).
  __device__ float4 lane_values(int pos, float2 f) const { return sin_pe4<kMode>(pos, f.x, f.y); }
  __device__ void lane_apply(float4& x, float4 e) const {
    if constexpr (kNeox) pair2_apply(x, e);
    else rope_inter4_cs(x, e.y, e.x, e.w, e.z);
  }
  // Q and K at the same position and dims: one evaluation (QkShared).
  __device__ void both(float4& xq, float4& xk, int pos, int d) const {
    const float2 f = __ldg(reinterpret_cast<const float2*>(inv_freq + d / 2));
    const float4 e = sin_pe4<kMode>(pos, f.x, f.y);  // (s0, c0, s1, c1)
    rope_inter4_cs(xq, e.y, e.x, e.w, e.z);
    rope_inter4_cs(xk, e.y, e.x, e.w, e.z);
  }
  __device__ void both2(float4& qlo, float4& qhi, float4& klo, float4& khi, int pos, int i) const {
    float4 s, c;
    sincos4<kMode>(pos, ldg4(inv_freq + i), s, c);
    rope_neox4_cs(qlo, qhi, c, s);
    rope_neox4_cs(klo, khi, c, s);
  }
};

// Calls fn with the rotation hook for p's pairing (neox or interleaved).
template <Sincos kMode = Sincos::kAccurate, class Fn>
inline void with_hook(const AttentionProblem& p, Fn&& fn) {
  if (p.pe == PeKind::RopeNeox)
    fn(RopeSplitPe<true, kMode>{p.inv_freq});
  else
    fn(RopeSplitPe<false, kMode>{p.inv_freq});
}

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return p.pe == PeKind::RopeNeox ? attention::split_d::workspace_bytes_for<true>(p)
                                  : attention::split_d::workspace_bytes_for<false>(p);
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  with_hook(p, [&](const auto& pe) { attention::split_d::launch_with(p, pe, workspace, stream); });
}

}  // namespace fuselab::kernels::rope::split_d_rotation
