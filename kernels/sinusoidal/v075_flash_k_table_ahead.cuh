// sinusoidal v075 — v074 (K's PE from a table computed once per launch) with
// the table's loads for tile j + 1 issued as soon as tile j is converted, a
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
#include "kernels/sinusoidal/v074_flash_k_table.cuh"

namespace fuselab::kernels::sinusoidal::v075 {

// v074's hook, its K step split in two: the table's row at dims i..i+3 and
// i + D/2.., then the adds.
struct Pe : v074::Pe {
  struct KFetched {
    float4 lo, hi;
  };
  __device__ KFetched k_fetch(int pos, int i) const {
    const float* row = table + std::size_t(pos - k_offset) * D;
    return {ldg4(row + i), ldg4(row + i + D / 2)};
  }
  __device__ void k_apply(float4& lo, float4& hi, const KFetched& f) const {
    add4(lo, f.lo);
    add4(hi, f.hi);
  }
};

inline void launch(const AttentionProblem& p, void* workspace, cudaStream_t stream) {
  float* table = static_cast<float*>(workspace);
  v074::write_table(p, table, stream);
  attention::v054::launch_with<true, true, true, true>(p, Pe{{{p.inv_freq}, table, p.k_offset, p.D}}, stream);
}

}  // namespace fuselab::kernels::sinusoidal::v075
