// One error macro for CUDA runtime calls: throws std::runtime_error with the
// call text, file and line. FUSELAB_SYNC_CHECK=1 in the environment adds a
// device synchronisation after launches checked with FUSELAB_LAUNCH_CHECK,
// so an asynchronous fault is reported at the launch that caused it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace fuselab {

inline void cuda_check(cudaError_t status, const char* call, const char* file, int line) {
  if (status == cudaSuccess) return;
  throw std::runtime_error(std::string(call) + " failed at " + file + ":" + std::to_string(line) +
                           ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) +
                           ")");
}

inline bool sync_after_launches() {
  static const bool on = [] {
    const char* v = std::getenv("FUSELAB_SYNC_CHECK");
    return v && v[0] == '1';
  }();
  return on;
}

}  // namespace fuselab

#define FUSELAB_CUDA_CHECK(call) ::fuselab::cuda_check((call), #call, __FILE__, __LINE__)

#define FUSELAB_LAUNCH_CHECK()                                                    \
  do {                                                                            \
    ::fuselab::cuda_check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__); \
    if (::fuselab::sync_after_launches())                                         \
      ::fuselab::cuda_check(cudaDeviceSynchronize(), "kernel execution", __FILE__, __LINE__); \
  } while (0)
