// Host-side helpers for a kernel version's launch(). CUDA calls made there use
// FUSELAB_CUDA_CHECK (cuda_check.h), which throws; the harness reports it.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/common/cuda_check.h"

namespace fuselab::kernels {

inline constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
inline constexpr std::size_t align_up(std::size_t n, std::size_t a) { return (n + a - 1) / a * a; }

// Raise a kernel's dynamic shared memory limit once per process (host-only
// call, not a stream operation, so it is legal during graph capture).
template <typename Kernel>
inline void set_max_dynamic_smem(Kernel* kernel, int bytes) {
  FUSELAB_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(kernel),
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
}

}  // namespace fuselab::kernels
