// QK-norm + RoPE's problem struct (QkNormRopeProblem, kernels/qk_norm_rope/problem.h)
// filled from one case's tensors q, k, wq, wk, positions, inv_freq and out
// (harness/core/case_tensors.h): what its versions' launches take.
#pragma once

#include "harness/core/case_tensors.h"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab {

// The case's problem over `t` (t.out may be null).
kernels::QkNormRopeProblem qk_norm_rope_problem(const CaseTensors& t);

}  // namespace fuselab
