// The launch binding of an op whose versions take a problem struct: the
// struct is filled from the case's tensors once, when the binding is bound,
// and every launch passes it on (attention_launch.cpp, rope_launch.cpp).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

#include "harness/core/case_tensors.h"

namespace fuselab {

template <typename Problem>
LaunchBinding problem_launch_binding(std::string op, Problem (*problem_of)(const CaseTensors&),
                                     void (*launch)(const Problem&, void*, cudaStream_t),
                                     std::size_t (*workspace)(const Problem&)) {
  LaunchBinding b;
  b.op = std::move(op);
  b.bind = [problem_of, launch](const CaseTensors& t) -> BoundLaunch {
    const Problem p = problem_of(t);
    return [launch, p](void* ws, cudaStream_t s) { launch(p, ws, s); };
  };
  if (workspace) b.workspace = [problem_of, workspace](const CaseTensors& t) { return workspace(problem_of(t)); };
  return b;
}

}  // namespace fuselab
