// Attention's launch binding: a version's launch(AttentionProblem) bound to
// one case's tensors q, k, v, inv_freq and out (harness/core/case_tensors.h).
#pragma once

#include "harness/core/case_tensors.h"
#include "harness/core/experiment.h"

namespace fuselab {

// The case's problem over `t` (t.out may be null).
AttentionProblem attention_problem(const CaseTensors& t);

// `e`'s attention launch and workspace, as the executor runs them.
LaunchBinding attention_launch_binding(const Experiment& e);

}  // namespace fuselab
