#include "harness/dispatch/inv_freq_tables.h"

#include <cuda_runtime.h>

#include <map>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "harness/core/counter_rng.h"
#include "harness/dispatch/call_status.h"

namespace fuselab {

const float* inv_freq_table(double base, int64_t D, cudaStream_t stream, const std::string& op) {
  static std::mutex mutex;
  static std::map<std::tuple<int, double, int64_t>, float*> tables;  // never freed: they live as long as the process
  int device = 0;
  require_cuda_ok(cudaGetDevice(&device), op, "cudaGetDevice");
  const std::lock_guard<std::mutex> lock(mutex);
  float*& table = tables[{device, base, D}];
  if (table) return table;
  cudaStreamCaptureStatus capturing = cudaStreamCaptureStatusNone;
  require_cuda_ok(cudaStreamIsCapturing(stream, &capturing), op, "cudaStreamIsCapturing");
  if (capturing != cudaStreamCaptureStatusNone)
    throw std::runtime_error("fuselab::" + op + ": the inv_freq table for base " + std::to_string(base) + ", D " +
                             std::to_string(D) + " would be made during a CUDA graph capture. Fix: make one call with "
                             "this base and head_dim before capturing");
  const std::vector<float> freq = inv_freq(base, D);
  float* made = nullptr;
  require_cuda_ok(cudaMalloc(&made, freq.size() * sizeof(float)), op, "cudaMalloc(inv_freq)");
  const cudaError_t copied = cudaMemcpy(made, freq.data(), freq.size() * sizeof(float), cudaMemcpyHostToDevice);
  if (copied != cudaSuccess) cudaFree(made);
  require_cuda_ok(copied, op, "cudaMemcpy(inv_freq)");
  table = made;
  return table;
}

}  // namespace fuselab
