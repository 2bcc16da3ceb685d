// Attention's problem struct (AttentionProblem, kernels/common/problem.h) filled from
// one case's tensors q, k, v, inv_freq and out (harness/core/case_tensors.h): what its
// versions' launches take.
#pragma once

#include "harness/core/case_tensors.h"
#include "kernels/common/problem.h"

namespace fuselab {

using kernels::AttentionProblem;

// The case's problem over `t` (t.out may be null).
AttentionProblem attention_problem(const CaseTensors& t);

}  // namespace fuselab
