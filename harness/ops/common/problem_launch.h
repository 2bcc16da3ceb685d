// How an op whose versions take a problem struct binds their launches: the
// struct is filled from the case's tensors once, when the binding is bound,
// and every launch passes it on. An op declares it with
//   bind_problem_launch(op, attention_problem);
// and a version's module with .launch(&launch, &workspace_bytes).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <typeindex>

#include "harness/core/case_tensors.h"
#include "harness/core/experiment.h"
#include "harness/core/op_declaration.h"

namespace fuselab {

template <typename Problem>
void bind_problem_launch(OpDeclaration& op, Problem (*problem_of)(const CaseTensors&)) {
  using Launch = void (*)(const Problem&, void*, cudaStream_t);
  using Workspace = std::size_t (*)(const Problem&);
  op.problem_type = typeid(Problem);
  op.bind_launch = [problem_of](const LaunchFunctions& f) {
    // Experiment::launch stored these from exactly these types (problem_type matched).
    const auto launch = reinterpret_cast<Launch>(f.launch);
    const auto workspace = reinterpret_cast<Workspace>(f.workspace);
    LaunchBinding b;
    b.bind = [problem_of, launch](const CaseTensors& t) -> BoundLaunch {
      const Problem p = problem_of(t);
      return [launch, p](void* ws, cudaStream_t s) { launch(p, ws, s); };
    };
    if (workspace) b.workspace = [problem_of, workspace](const CaseTensors& t) { return workspace(problem_of(t)); };
    return b;
  };
}

}  // namespace fuselab
