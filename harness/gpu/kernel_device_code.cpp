#include "harness/gpu/kernel_device_code.h"

#include <cuda_runtime_api.h>

#include "harness/core/device_code.h"

namespace fuselab {

nlohmann::json kernel_device_code(const Experiment& e) {
  if (e.backend_value == Backend::Cpu) return device_code_unavailable("a CPU version launches no device code");
  std::string why;
  const std::string_view executable = running_executable(&why);
  if (!why.empty()) return device_code_unavailable(why);
  int device = 0, major = 0, minor = 0;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
    return device_code_unavailable("the current device's compute capability cannot be read: " +
                                   std::string(cudaGetErrorString(cudaGetLastError())));
  std::vector<KernelSymbol> kernels;
  for (const KernelRef& k : e.kernel_refs) {
    const char* symbol = nullptr;
    const cudaError_t status = cudaFuncGetName(&symbol, k.func);
    if (status == cudaSuccess && symbol && *symbol)
      kernels.push_back({k.name, symbol, ""});
    else
      kernels.push_back({k.name, "", "cudaFuncGetName gives no name: " + std::string(cudaGetErrorString(status))});
  }
  return device_code_of(executable, major, minor, kernels);
}

}  // namespace fuselab
