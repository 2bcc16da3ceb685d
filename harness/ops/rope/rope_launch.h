// Standalone RoPE's launch binding: a version's launch(RopeProblem) bound to
// one case's tensors x, inv_freq and out (harness/core/case_tensors.h).
#pragma once

#include "harness/core/case_tensors.h"
#include "harness/core/experiment.h"

namespace fuselab {

// The case's problem over `t` (t.out may be null).
RopeProblem rope_problem(const CaseTensors& t);

// `e`'s RoPE launch and workspace, as the executor runs them.
LaunchBinding rope_launch_binding(const Experiment& e);

}  // namespace fuselab
