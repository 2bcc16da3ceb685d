#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"

#include <cmath>

#include "harness/core/parallel_for.h"
#include "harness/ops/common/positional_encoding.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_problem.h"

namespace fuselab {
namespace {

using kernels::PeKind;
using kernels::QkNormRopeProblem;

// One head row: y = x / sqrt(mean(x^2) + eps) * w, then rotated by `table`'s row 0.
void norm_rope_row(const QkNormRopeProblem& p, double eps, const float* x, const float* w, const AngleTable& table,
                   double* out) {
  const int D = p.D, half = D / 2;
  double squares = 0;
  for (int d = 0; d < D; ++d) squares += double(x[d]) * double(x[d]);
  const double r = 1.0 / std::sqrt(squares / D + eps);
  std::vector<double> y(D);
  for (int d = 0; d < D; ++d) y[d] = double(x[d]) * r * double(w[d]);
  const double* s = table.sin_row(0);
  const double* c = table.cos_row(0);
  for (int i = 0; i < half; ++i) {
    const bool neox = p.pe == PeKind::RopeNeox;
    const int a = neox ? i : 2 * i, b = neox ? i + half : 2 * i + 1;
    out[a] = y[a] * c[i] - y[b] * s[i];
    out[b] = y[b] * c[i] + y[a] * s[i];
  }
}

}  // namespace

void qk_norm_rope_reference_rows(const QkNormRopeProblem& p, double eps, const std::vector<int64_t>& rows,
                                 double* out) {
  const int64_t heads = p.heads();
  parallel_for(rows.size(), 256, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const int64_t t = rows[i] / heads, h = rows[i] % heads;
      const bool is_q = h < p.Hq;
      const float* x = is_q ? p.q + (t * p.Hq + h) * p.D : p.k + (t * p.Hkv + (h - p.Hq)) * p.D;
      const AngleTable table(p.pe, p.positions[t], 1, p.inv_freq, p.D);
      norm_rope_row(p, eps, x, is_q ? p.wq : p.wk, table, out + i * p.D);
    }
  });
}

void qk_norm_rope_reference_rows(const QkNormRopeProblem& p, const std::vector<int64_t>& rows, double* out) {
  qk_norm_rope_reference_rows(p, double(p.eps), rows, out);
}

QkNormRopeProblem qk_norm_rope_problem_of(const ReferenceCase& ref) {
  return qk_norm_rope_problem(host_tensors_of(ref));
}

}  // namespace fuselab
