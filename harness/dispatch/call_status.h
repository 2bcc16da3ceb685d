// A failed CUDA call on the library's call path, as the exception the caller
// sees: "fuselab::<op>: <what> failed: <CUDA's error string>" (kernels/common/
// cuda_check.h's FUSELAB_CUDA_CHECK names the file and line instead, for the
// versions' own launches).
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace fuselab {

inline void require_cuda_ok(cudaError_t status, const std::string& op, const std::string& what) {
  if (status != cudaSuccess)
    throw std::runtime_error("fuselab::" + op + ": " + what + " failed: " + cudaGetErrorString(status));
}

}  // namespace fuselab
