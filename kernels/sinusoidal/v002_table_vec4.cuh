// sinusoidal v002 — v001 with the table read as float4 (one 16-byte load per
// four dims instead of four 4-byte loads). Same tables (built in launch,
// timed), same row kernel, same Sq-fold redundant K-side table traffic.
// Limits: D % 4 == 0, D <= 16384.
#pragma once

#include "kernels/sinusoidal/parts/pe_tables.cuh"

namespace fuselab::kernels::sinusoidal::v002 {

struct TableVec4Pe {
  static constexpr bool kPaired = false;
  const float* tq;
  const float* tk;
  int D, q_offset, k_offset;
  static constexpr int smem_floats(int) { return 0; }
  __device__ void prepare(const AttentionProblem&, float*) const {}
  __device__ static void add(float4& x, const float* t) {
    const float4 v = ldg4(t);
    x.x += v.x;
    x.y += v.y;
    x.z += v.z;
    x.w += v.w;
  }
  __device__ void q(float4& x, int pos, int d, const float*) const {
    add(x, tq + std::size_t(pos - q_offset) * D + d);
  }
  __device__ void k(float4& x, int pos, int d, const float*) const {
    add(x, tk + std::size_t(pos - k_offset) * D + d);
  }
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

inline std::size_t workspace_bytes(const AttentionProblem& p) { return pe_tables::workspace_bytes(p); }

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* table = static_cast<float*>(workspace);
  pe_tables::build_tables(p, table, stream);
  const TableVec4Pe pe{table, table + std::size_t(p.Sq) * p.D, p.D, p.q_offset, p.k_offset};
  attention::row_online_softmax::launch_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV>(p, pe, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v002
