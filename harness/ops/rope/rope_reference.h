// Standalone RoPE's float64 reference on the host (DESIGN.md section 3).
#pragma once

#include <cstdint>
#include <vector>

#include "harness/core/reference_case.h"
#include "harness/ops/rope/rope_problem.h"

namespace fuselab {

// Host pointers in p (p.out is not used); out: [N, S, D].
void rope_reference(const kernels::RopeProblem& p, double* out);
// Only the flattened rows n*S + s; out: [rows.size(), D].
void rope_reference_rows(const kernels::RopeProblem& p, const std::vector<int64_t>& rows, double* out);

// The case's problem over the reference file's host arrays (no output set).
kernels::RopeProblem rope_problem_of(const ReferenceCase& ref);

}  // namespace fuselab
