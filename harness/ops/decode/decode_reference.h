// Decode's float64 reference on the host (docs/ops.md, op decode): the
// attention reference with the PE applied to the queries alone (the key
// cache comes rotated), queries at pos0 + i, causal; float32 inputs, the
// float32 angle of DESIGN.md section 3, everything else in float64.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/core/reference_case.h"
#include "kernels/decode/problem.h"

namespace fuselab {

// Host pointers in p (p.out is not used); `scale` in float64 (p.scale is
// its float32 rounding). Rows are flattened over [B, Hq, Sq]; out:
// [rows.size(), D].
void decode_reference_rows(const kernels::DecodeProblem& p, double scale, const std::vector<int64_t>& rows,
                           double* out);

// The case's problem over the reference file's host arrays (no output set).
kernels::DecodeProblem decode_problem_of(const ReferenceCase& ref);

}  // namespace fuselab
