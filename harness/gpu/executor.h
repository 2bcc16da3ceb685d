// Holds one case's inputs and output where an experiment runs (device memory
// for CUDA versions, host memory for CPU versions) and launches it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "harness/core/experiment.h"
#include "harness/core/reference_case.h"

namespace fuselab {

class Executor {
 public:
  virtual ~Executor() = default;
  virtual void launch(cudaStream_t stream) = 0;
  virtual void poison(cudaStream_t stream) = 0;  // every output word becomes NaN
  virtual std::vector<float> output(cudaStream_t stream) = 0;
  // The device buffers a launch touches (address, bytes); none on the CPU.
  virtual std::vector<std::pair<const void*, std::size_t>> device_buffers() const { return {}; }
};

// Inputs and workspace are allocated here, outside any timing.
std::unique_ptr<Executor> make_executor(const Experiment& e, const ReferenceCase& ref);

}  // namespace fuselab
