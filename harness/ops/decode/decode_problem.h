// Decode's problem struct (DecodeProblem, kernels/decode/problem.h) filled
// from one case's tensors q, k, v, inv_freq and out
// (harness/core/case_tensors.h): what its versions' launches take.
#pragma once

#include "harness/core/case_tensors.h"
#include "kernels/common/problem.h"
#include "kernels/decode/problem.h"

namespace fuselab {

// The case's problem over `t` (t.out may be null).
kernels::DecodeProblem decode_problem(const CaseTensors& t);

// The same computation as an attention problem: queries at pos0 + i, keys
// at 0 .. Skv - 1, causal (no output set; its PE applies to q alone, see
// attention_reference_rows_embedded_keys).
kernels::AttentionProblem attention_problem_of_decode(const kernels::DecodeProblem& p);

}  // namespace fuselab
