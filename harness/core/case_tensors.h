// One case's tensors where a version runs them (device memory for a CUDA
// version, host memory for a CPU one), by the names its op declares, and a
// version's launch as the executor sees it: bound once to those tensors,
// outside any timing, then launched. Each op makes the LaunchBinding of its
// versions (harness/ops/<op>/<op>_launch.h).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <functional>
#include <map>
#include <string>

#include "harness/core/reference_case.h"

namespace fuselab {

struct CaseTensors {
  const CaseSpec* spec = nullptr;
  std::map<std::string, const void*> inputs;  // every input tensor of the op, of its declared dtype
  float* out = nullptr;
  // Throws std::runtime_error when the op has no such input of that dtype.
  const float* input(const std::string& name) const;
  const int64_t* input_int64(const std::string& name) const;
};

// The inputs of a loaded reference, on the host (no output).
CaseTensors host_tensors_of(const ReferenceCase& ref);

using BoundLaunch = std::function<void(void* workspace, cudaStream_t)>;

struct LaunchBinding {
  std::string op;  // the op the version computes
  std::function<BoundLaunch(const CaseTensors&)> bind;
  std::function<std::size_t(const CaseTensors&)> workspace;  // bytes it needs; empty: none
};

}  // namespace fuselab
