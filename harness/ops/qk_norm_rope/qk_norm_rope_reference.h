// QK-norm + RoPE's float64 reference on the host (docs/ops.md, op
// qk_norm_rope): float32 inputs, the float32 angle of DESIGN.md section 3,
// everything else in float64.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/core/reference_case.h"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab {

// Host pointers in p (p.out is not used); eps in float64 (p.eps is its
// float32 rounding, for kernels). Rows are flattened over [T, Hq + Hkv];
// out: [rows.size(), D].
void qk_norm_rope_reference_rows(const kernels::QkNormRopeProblem& p, double eps, const std::vector<int64_t>& rows,
                                 double* out);
void qk_norm_rope_reference_rows(const kernels::QkNormRopeProblem& p, const std::vector<int64_t>& rows, double* out);

// The case's problem over the reference file's host arrays (no output set).
kernels::QkNormRopeProblem qk_norm_rope_problem_of(const ReferenceCase& ref);

}  // namespace fuselab
