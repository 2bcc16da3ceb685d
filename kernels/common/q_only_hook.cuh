// A PE hook that transforms Q and leaves K as it lands: for the hybrid
// pipelines, where K got its PE from a pass of its own before attention.
#pragma once

#include <cuda_runtime.h>

namespace fuselab::kernels {

template <class Pe>
struct QOnly : Pe {
  __device__ void k(float4&, int, int) const {}
  __device__ void k2(float4&, float4&, int, int) const {}
};

}  // namespace fuselab::kernels
