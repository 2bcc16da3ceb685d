#include "harness/ops/rope/rope_reference.h"

#include <numeric>

#include "harness/core/parallel_for.h"
#include "harness/ops/rope/rope_problem.h"
#include "harness/ops/common/positional_encoding.h"

namespace fuselab {

using kernels::RopeProblem;

void rope_reference_rows(const RopeProblem& p, const std::vector<int64_t>& rows, double* out) {
  const AngleTable table(p.pe, p.offset, p.S, p.inv_freq, p.D);
  parallel_for(rows.size(), 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      embed(p.pe, p.x + rows[i] * p.D, table, rows[i] % p.S, p.D, out + i * p.D);
  });
}

void rope_reference(const RopeProblem& p, double* out) {
  std::vector<int64_t> rows(static_cast<std::size_t>(p.N) * p.S);
  std::iota(rows.begin(), rows.end(), int64_t{0});
  rope_reference_rows(p, rows, out);
}

RopeProblem rope_problem_of(const ReferenceCase& ref) { return rope_problem(host_tensors_of(ref)); }

}  // namespace fuselab
