#include "harness/core/error_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "harness/core/output_position.h"

namespace fuselab {
namespace {

// Expected row i of `expected` ([rows, D]) against output row row_of(i).
template <typename RowOf>
ErrorReport compare_rows(const std::vector<float>& out, const ReferenceCase& ref, const double* expected,
                         int64_t rows, const RowOf& row_of, const std::string& reference, double tolerance) {
  const CaseSpec& s = ref.spec;
  const int64_t D = s.D;
  ErrorReport r;
  r.tolerance = tolerance;
  r.reference = reference;
  r.torch_fp32_max_abs_err = ref.torch_fp32_max_abs_err;
  if (static_cast<int64_t>(out.size()) != s.out_rows() * D)
    throw std::runtime_error("output of " + s.id() + " has " + std::to_string(out.size()) +
                             " elements, expected " + std::to_string(s.out_rows() * D));
  bool have_worst = false;
  for (int64_t i = 0; i < rows; ++i) {
    const int64_t row = row_of(i);
    for (int64_t d = 0; d < D; ++d) {
      const double got = out[row * D + d];
      const double want = expected[i * D + d];
      ++r.checked;
      const double err = std::fabs(got - want);
      if (!std::isfinite(got)) ++r.nonfinite;
      if (!(err <= tolerance)) ++r.over_tolerance;
      // A non-finite value counts as an infinite error: the worst possible.
      const double key = std::isfinite(err) ? err : INFINITY;
      if (!have_worst || key > r.max_abs_err) {
        have_worst = true;
        r.max_abs_err = key;
        r.where = output_index(s, row, d);
        r.got = got;
        r.expected = want;
      }
      if (std::isfinite(err))
        r.max_rel_err = std::max(r.max_rel_err, err / std::max(std::fabs(want), 1e-6));
    }
  }
  r.pass = r.checked > 0 && r.nonfinite == 0 && r.over_tolerance == 0;
  return r;
}

}  // namespace

ErrorReport compare_output(const std::vector<float>& out, const ReferenceCase& ref,
                           double tolerance) {
  if (ref.sampled())
    return compare_rows(out, ref, ref.out.data(), static_cast<int64_t>(ref.rows.size()),
                        [&](int64_t i) { return ref.rows[i]; }, "file_rows", tolerance);
  return compare_rows(out, ref, ref.out.data(), ref.spec.out_rows(), [](int64_t i) { return i; }, "file",
                      tolerance);
}

ErrorReport compare_output(const std::vector<float>& out, const ReferenceCase& ref,
                           const CheckReference& against, double tolerance) {
  if (!against.every_element_checked()) return compare_output(out, ref, tolerance);
  if (static_cast<int64_t>(against.every_element.size()) != ref.spec.out_rows() * ref.spec.D)
    throw std::runtime_error("the " + against.by.reference + " reference of " + ref.spec.id() + " has " +
                             std::to_string(against.every_element.size()) + " elements, expected " +
                             std::to_string(ref.spec.out_rows() * ref.spec.D));
  return compare_rows(out, ref, against.every_element.data(), ref.spec.out_rows(), [](int64_t i) { return i; },
                      against.by.reference, tolerance);
}

std::string ErrorReport::summary() const {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%s max_abs_err %.3g (torch fp32 %.3g), %lld over tol, %lld non-finite, %lld elements vs %s",
                pass ? "PASS" : "FAIL", max_abs_err, torch_fp32_max_abs_err,
                static_cast<long long>(over_tolerance), static_cast<long long>(nonfinite),
                static_cast<long long>(checked), reference.empty() ? "file" : reference.c_str());
  return buf;
}

nlohmann::json to_json(const ErrorReport& r) {
  auto finite_or_null = [](double v) -> nlohmann::json {
    if (std::isfinite(v)) return v;
    return nullptr;
  };
  return {{"pass", r.pass},
          {"tolerance", r.tolerance},
          {"reference", r.reference},
          {"checked", r.checked},
          {"nonfinite", r.nonfinite},
          {"over_tolerance", r.over_tolerance},
          {"max_abs_err", finite_or_null(r.max_abs_err)},
          {"max_rel_err", finite_or_null(r.max_rel_err)},
          {"where", r.where},
          {"got", finite_or_null(r.got)},
          {"expected", r.expected},
          {"torch_fp32_max_abs_err", r.torch_fp32_max_abs_err}};
}

}  // namespace fuselab
