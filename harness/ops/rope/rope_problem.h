// Standalone RoPE's problem struct (RopeProblem, kernels/common/problem.h) filled from
// one case's tensors x, inv_freq and out (harness/core/case_tensors.h): what its
// versions' launches take.
#pragma once

#include "harness/core/case_tensors.h"
#include "kernels/common/problem.h"

namespace fuselab {

using kernels::RopeProblem;

// The case's problem over `t` (t.out may be null).
RopeProblem rope_problem(const CaseTensors& t);

}  // namespace fuselab
