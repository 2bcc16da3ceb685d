// The loop that fills sin/cos tables for the positions a problem uses: rows
// 0..Sq-1 are query positions q_offset.., rows Sq..Sq+Sk-1 key positions
// k_offset..; one grid-stride step per (row, frequency pair i), idx = row *
// half + i, with accurate sincosf. The caller's store(idx, row, i, s, c)
// writes them in its own table layout. Used by rope v001 and sinusoidal's
// pe_tables part.
#pragma once

#include <cuda_runtime.h>

#include "kernels/common/pe.cuh"

namespace fuselab::kernels {

template <class Store>
__device__ __forceinline__ void fill_pe_tables(const float* __restrict__ inv_freq, int half, int Sq, int Sk,
                                               int q_offset, int k_offset, Store store) {
  const long total = long(Sq + Sk) * half;
  for (long idx = long(blockIdx.x) * blockDim.x + threadIdx.x; idx < total; idx += long(gridDim.x) * blockDim.x) {
    const int row = int(idx / half), i = int(idx % half);
    const int pos = row < Sq ? q_offset + row : k_offset + (row - Sq);
    float s, c;
    pe_sincos<Sincos::kAccurate>(pe_angle(pos, inv_freq[i]), &s, &c);
    store(idx, row, i, s, c);
  }
}

}  // namespace fuselab::kernels
