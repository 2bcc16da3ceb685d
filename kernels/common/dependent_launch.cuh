// Programmatic dependent launch (sm_90): a kernel launched this way may be
// scheduled while the previous kernel in the stream is still running; it must
// call cudaGridDependencySynchronize() before it reads what that kernel wrote.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/cuda_check.h"

namespace fuselab::kernels {

template <class... Params, class... Args>
inline void launch_dependent(void (*kernel)(Params...), dim3 grid, dim3 block, std::size_t smem,
                             cudaStream_t stream, Args... args) {
  cudaLaunchAttribute early{};
  early.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  early.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = smem;
  cfg.stream = stream;
  cfg.attrs = &early;
  cfg.numAttrs = 1;
  FUSELAB_CUDA_CHECK(cudaLaunchKernelEx(&cfg, kernel, args...));
}

}  // namespace fuselab::kernels
