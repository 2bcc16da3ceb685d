// The float64 reference on the host, through the case's op
// (OpDeclaration::cpu_reference; attention's and RoPE's are in
// harness/ops/<op>/): float32 inputs, everything after them in float64.
// It reproduces the generator's `out` to ~1e-15.
#pragma once

#include <string>
#include <vector>

#include "harness/core/reference_case.h"

namespace fuselab {

// The rows a loaded reference holds (all, or its sampled rows), computed
// from its inputs: what `ref.out` should be. Throws std::runtime_error for
// an op without a host float64 reference.
std::vector<double> reference_output(const ReferenceCase& ref);

// "" when the case's op has a host float64 reference; else why not.
std::string cpu_reference_unavailable(const CaseSpec& spec);

}  // namespace fuselab
