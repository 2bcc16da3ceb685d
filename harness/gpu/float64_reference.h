// The float64 reference of DESIGN.md section 3 on the GPU, for the cases too
// large to store whole (issue 43): the same math as the host reference
// (harness/ops/<op>/<op>_reference.h), step for step and in the same order —
// angle = fp32(fp32(pos) * inv_freq[i]) (__fmul_rn), sin/cos of that angle
// and everything after it in float64 — written plainly: one thread per
// angle, per embedded row, per score, per softmax row, per output element.
// Sums are rounded as the host's are (no FMA contraction), so the two differ
// only where CUDA's and the host's sin, cos and exp round differently
// (~1e-16). It is anchored to the PyTorch file before it checks anything
// (harness/core/check_reference.h).
#pragma once

#include <string>
#include <vector>

#include "harness/core/check_reference.h"
#include "harness/core/reference_case.h"
#include "harness/ops/attention/attention_problem.h"
#include "harness/ops/rope/rope_problem.h"
#include "kernels/decode/problem.h"
#include "kernels/qk_norm_rope/problem.h"

namespace fuselab {

// Host pointers in p (p.out is not used), host output; the work runs on the
// current device and is finished on return. Throws std::runtime_error on a
// CUDA error. As the host reference: out [B, Hq, Sq, D], `scale` float64, a
// query row that sees no key is NaN.
void attention_reference_gpu(const kernels::AttentionProblem& p, double scale, double* out);
// out: [B, Hq, Sq, D]: attention with the PE on q alone (the key cache comes
// rotated), queries at Skv - Sq + i, causal.
void decode_reference_gpu(const kernels::DecodeProblem& p, double scale, double* out);
// out: [N, S, D].
void rope_reference_gpu(const kernels::RopeProblem& p, double* out);
// out: [T, Hq + Hkv, D]; eps in float64 (the case's).
void qk_norm_rope_reference_gpu(const kernels::QkNormRopeProblem& p, double eps, double* out);

// Every output element of a loaded reference, [out_rows, D], computed on
// the GPU from its inputs (for a sampled file, the regenerated ones).
std::vector<double> gpu_reference_output(const ReferenceCase& ref);

// "" when the GPU float64 reference can compute `spec`'s output here; else
// why not: no CUDA device, FUSELAB_NO_GPU_REFERENCE=1 in the environment
// (the CLI test uses it to show what the file rows alone miss), or an op
// without a GPU reference.
std::string gpu_reference_unavailable(const CaseSpec& spec);

// The two above, as the check's source of every element.
Float64Source gpu_float64_source();

}  // namespace fuselab
