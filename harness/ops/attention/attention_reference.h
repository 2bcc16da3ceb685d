// Attention's float64 reference on the host (DESIGN.md section 3): it
// reproduces the generator's `out` to ~1e-15 and doubles as the CPU
// "kernel" of an end-to-end run without a GPU (threads over rows).
#pragma once

#include <cstdint>
#include <vector>

#include "harness/core/reference_case.h"
#include "harness/ops/attention/attention_problem.h"

namespace fuselab {

// Host pointers in p (p.out is not used). `scale` is float64: p.scale is
// float32, whose rounding alone moves the output by ~1e-7.
// out: [B, Hq, Sq, D]. A query row that sees no key gets NaN.
void attention_reference(const kernels::AttentionProblem& p, double scale, double* out);
// Only the flattened rows (b*Hq + h)*Sq + s; out: [rows.size(), D].
void attention_reference_rows(const kernels::AttentionProblem& p, double scale,
                              const std::vector<int64_t>& rows, double* out);
// As attention_reference_rows with the keys taken as given, already
// embedded: the PE applies to the queries alone (op decode's rotated cache).
void attention_reference_rows_embedded_keys(const kernels::AttentionProblem& p, double scale,
                                            const std::vector<int64_t>& rows, double* out);

// The case's problem over the reference file's host arrays (no output set):
// what the host and GPU float64 references compute from.
kernels::AttentionProblem attention_problem_of(const ReferenceCase& ref);

}  // namespace fuselab
