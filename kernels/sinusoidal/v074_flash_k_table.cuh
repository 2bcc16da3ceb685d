// sinusoidal v074 — v068 (attention v059's flash kernel, the PE fused) with
// K's PE computed once per launch: k_pe_table_kernel writes PE(k_offset + j)
// for every key j (Sk x D floats, accurate sincosf; 512 KB at Sk = 1024,
// L2-resident), and the kernel adds it to each K tile as it is split, an L2
// load where v068 evaluates sin/cos. Q's PE is v016's, as in v068. Every
// 128-row block still adds K's PE (8 times per key at Sq = 1024), but as a
// load and an add.
// Limits: D = 128, query positions < 2^17; any Sq, Sk; causal, GQA, cross;
// a build for sm_90a.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

#include "kernels/attention/v054_flash_wgmma.cuh"
#include "kernels/common/cuda_check.h"
#include "kernels/common/pe.cuh"
#include "kernels/common/problem.h"
#include "kernels/common/vec.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace fuselab::kernels::sinusoidal::v074 {

// table[j][d] = PE(k_offset + j)[d] for j < Sk, d < D.
static __global__ void __launch_bounds__(256) k_pe_table_kernel(const AttentionProblem p, float* __restrict__ table) {
  const long n = long(p.Sk) * p.D;
  for (long e = long(blockIdx.x) * blockDim.x + threadIdx.x; e < n; e += long(gridDim.x) * blockDim.x) {
    const int d = int(e % p.D), j = int(e / p.D);
    table[e] = sin_pe1(p.k_offset + j, d, __ldg(p.inv_freq + d / 2));
  }
}

// Q: v016's PE, evaluated; K: the table's row for the key, added.
struct Pe : v016::Pe {
  const float* table;
  int k_offset, D;
  __device__ void k(float4& x, int pos, int d) const {
    add4(x, ldg4(table + std::size_t(pos - k_offset) * D + d));
  }
};

inline std::size_t workspace_bytes(const AttentionProblem& p) { return std::size_t(p.Sk) * p.D * sizeof(float); }

inline void write_table(const AttentionProblem& p, float* table, cudaStream_t stream) {
  const long n = long(p.Sk) * p.D;
  k_pe_table_kernel<<<unsigned(std::min<long>((n + 255) / 256, 132L * 8)), 256, 0, stream>>>(p, table);
  FUSELAB_CUDA_CHECK(cudaGetLastError());
}

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* table = static_cast<float*>(workspace);
  write_table(p, table, stream);
  attention::v054::launch_with<true, true, true, true>(p, Pe{{p.inv_freq}, table, p.k_offset, p.D}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v074
