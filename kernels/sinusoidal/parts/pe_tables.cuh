// Part pe_tables, first built as sinusoidal v001:
// full fusion with PE tables (the study's V1).
// launch() first builds PE tables for the positions this problem uses,
// tq[Sq][D] and tk[Sk][D] (sin at even d, cos at odd d; accurate sincosf) in
// workspace — a small kernel that is part of the version and is timed with
// it. Then attention v001's row kernel (one block per query row) adds tq to Q
// as it lands in shared memory and adds tk to every K element it reads, once
// per query row (Sq-fold redundant), with SCALAR table loads (4 per float4).
// Limits: D % 4 == 0, D <= 16384.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/parts/row_online_softmax.cuh"
#include "kernels/common/check.cuh"
#include "kernels/common/pe.cuh"
#include "kernels/common/pe_table_fill.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"

namespace fuselab::kernels::sinusoidal::pe_tables {

// tables[0 .. Sq*D) for query positions, then [Sq*D .. (Sq+Sk)*D) for keys.
static __global__ void __launch_bounds__(256)
    build_tables_kernel(const float* __restrict__ inv_freq, float* __restrict__ table, int D,
                        int Sq, int Sk, int q_offset, int k_offset) {
  const int half = D / 2;
  fill_pe_tables(inv_freq, half, Sq, Sk, q_offset, k_offset, [&](long, int row, int i, float s, float c) {
    table[long(row) * D + 2 * i] = s;
    table[long(row) * D + 2 * i + 1] = c;
  });
}

inline std::size_t workspace_bytes(const AttentionProblem& p) {
  return std::size_t(p.Sq + p.Sk) * p.D * sizeof(float);
}

inline void build_tables(const AttentionProblem& p, float* table, cudaStream_t stream) {
  const long total = long(p.Sq + p.Sk) * (p.D / 2);
  const long blocks = std::min<long>((total + 255) / 256, 132L * 16);
  build_tables_kernel<<<unsigned(blocks), 256, 0, stream>>>(p.inv_freq, table, p.D, p.Sq, p.Sk,
                                                            p.q_offset, p.k_offset);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

struct TablePe {
  static constexpr bool kPaired = false;
  const float* tq;  // [Sq][D]
  const float* tk;  // [Sk][D]
  int D, q_offset, k_offset;
  static constexpr int smem_floats(int) { return 0; }
  __device__ void prepare(const AttentionProblem&, float*) const {}
  __device__ static void add_scalar(float4& x, const float* t) {
    x.x += __ldg(t + 0);
    x.y += __ldg(t + 1);
    x.z += __ldg(t + 2);
    x.w += __ldg(t + 3);
  }
  __device__ void q(float4& x, int pos, int d, const float*) const {
    add_scalar(x, tq + std::size_t(pos - q_offset) * D + d);
  }
  __device__ void k(float4& x, int pos, int d, const float*) const {
    add_scalar(x, tk + std::size_t(pos - k_offset) * D + d);
  }
  __device__ void q2(float4&, float4&, int, int, const float*) const {}
  __device__ void k2(float4&, float4&, int, int, const float*) const {}
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* table = static_cast<float*>(workspace);
  build_tables(p, table, stream);
  const TablePe pe{table, table + std::size_t(p.Sq) * p.D, p.D, p.q_offset, p.k_offset};
  attention::row_online_softmax::launch_rows<1, attention::row_online_softmax::kThreads, attention::row_online_softmax::kMaxNV>(p, pe, stream);
}

}  // namespace fuselab::kernels::sinusoidal::pe_tables
