// Attention's problem struct (AttentionProblem, kernels/common/problem.h) filled from
// one case's tensors q, k, v, inv_freq and out (harness/core/case_tensors.h): what its
// versions' launches take.
#pragma once

#include "harness/core/case_tensors.h"
#include "kernels/common/problem.h"

namespace fuselab {

using kernels::AttentionProblem;

// An attention case's parameters, read from its named values (the shape
// keys, q_offset, k_offset, causal, scale), as the declaration set them.
struct AttentionCase {
  int64_t B, Hq, Hkv, Sq, Sk, D, q_offset, k_offset;
  bool causal;
  double scale;
};
AttentionCase attention_case(const CaseSpec& c);

// The case's problem over `t` (t.out may be null).
AttentionProblem attention_problem(const CaseTensors& t);

}  // namespace fuselab
