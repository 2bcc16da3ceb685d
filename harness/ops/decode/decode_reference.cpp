#include "harness/ops/decode/decode_reference.h"

#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/decode/decode_problem.h"

namespace fuselab {

void decode_reference_rows(const kernels::DecodeProblem& p, double scale, const std::vector<int64_t>& rows,
                           double* out) {
  attention_reference_rows_embedded_keys(attention_problem_of_decode(p), scale, rows, out);
}

kernels::DecodeProblem decode_problem_of(const ReferenceCase& ref) { return decode_problem(host_tensors_of(ref)); }

}  // namespace fuselab
