// rope v078 — v077 (K's cos/sin from tables computed once per launch) with
// the tables' loads for tile j + 1 issued as soon as tile j is converted, a
// whole tile ahead (attention v054's KFetch hooks), so their L2 latency is
// off the path that splits each K tile.
// Limits: D = 128, query positions < 2^17; any Sq, Sk; causal, GQA, cross;
// a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/rope/v077_flash_k_table.cuh"

namespace fuselab::kernels::rope::v078 {

// v077's hook, its K step split in two: cos and sin of the pairs that dims
// i..i+3 (lo) and i + D/2.. (hi) belong to, then the rotation.
//   neox: lo and hi are the halves of pairs i..i+3: cos, sin of those pairs;
//   interleaved: lo holds pairs i/2, i/2 + 1 and hi pairs (i + D/2)/2, ..+1:
//   (x, y) of each float4 are lo's, (z, w) hi's.
template <bool kNeox>
struct Pe : v077::Pe<kNeox> {
  struct KFetched {
    float4 c, s;
  };
  __device__ KFetched k_fetch(int pos, int i) const {
    if constexpr (kNeox) {
      const std::size_t e = this->at(pos, i);
      return {ldg4(this->cos_t + e), ldg4(this->sin_t + e)};
    } else {
      const std::size_t lo = this->at(pos, i / 2), hi = this->at(pos, (i + this->half) / 2);
      const float2 clo = __ldg(reinterpret_cast<const float2*>(this->cos_t + lo));
      const float2 chi = __ldg(reinterpret_cast<const float2*>(this->cos_t + hi));
      const float2 slo = __ldg(reinterpret_cast<const float2*>(this->sin_t + lo));
      const float2 shi = __ldg(reinterpret_cast<const float2*>(this->sin_t + hi));
      return {make_float4(clo.x, clo.y, chi.x, chi.y), make_float4(slo.x, slo.y, shi.x, shi.y)};
    }
  }
  __device__ void k_apply(float4& lo, float4& hi, const KFetched& f) const {
    if constexpr (kNeox) {
      rope_neox4_cs(lo, hi, f.c, f.s);
    } else {
      rope_inter4_cs(lo, f.c.x, f.s.x, f.c.y, f.s.y);
      rope_inter4_cs(hi, f.c.z, f.s.z, f.c.w, f.s.w);
    }
  }
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  const v077::Tables t = v077::write_tables(p, workspace, stream);
  if (p.pe == PeKind::RopeNeox)
    attention::v054::launch_with<true, true, true, true>(
        p, Pe<true>{{{p.inv_freq}, t.cos_t, t.sin_t, p.k_offset, p.D / 2}}, stream);
  else
    attention::v054::launch_with<true, true, true, true>(
        p, Pe<false>{{{p.inv_freq}, t.cos_t, t.sin_t, p.k_offset, p.D / 2}}, stream);
}

}  // namespace fuselab::kernels::rope::v078
