#include "harness/core/check_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "harness/core/output_position.h"

namespace fuselab {
namespace {

std::string number(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

Float64Anchor anchor_to_file(const ReferenceCase& ref, const std::vector<double>& every_element,
                             const std::string& source_name) {
  const CaseSpec& s = ref.spec;
  const int64_t D = s.D;
  if (static_cast<int64_t>(every_element.size()) != s.out_rows() * D)
    throw std::runtime_error("the " + source_name + " reference of " + s.id() + " has " +
                             std::to_string(every_element.size()) + " elements, expected " +
                             std::to_string(s.out_rows() * D));
  Float64Anchor a;
  a.source = source_name;
  a.rows = ref.sampled() ? static_cast<int64_t>(ref.rows.size()) : s.out_rows();
  a.elements = a.rows * D;
  double largest = 1.0;
  for (double v : ref.out) largest = std::max(largest, std::fabs(v));
  a.bound = kAnchorBound * largest;
  int64_t over = 0, worst_row = 0, worst_d = 0;
  double worst = -1.0;  // NaN counts as infinitely far
  for (int64_t i = 0; i < a.rows; ++i) {
    const int64_t row = ref.sampled() ? ref.rows[i] : i;
    for (int64_t d = 0; d < D; ++d) {
      const double diff = std::fabs(every_element[row * D + d] - ref.out[i * D + d]);
      const double key = std::isnan(diff) ? INFINITY : diff;
      if (!(diff <= a.bound)) ++over;
      if (key > worst) {
        worst = key;
        worst_row = row;
        worst_d = d;
      }
    }
  }
  a.max_abs_diff = std::max(worst, 0.0);
  if (over == 0) return a;
  const auto held = std::find(ref.rows.begin(), ref.rows.end(), worst_row) - ref.rows.begin();
  const int64_t slot = ref.sampled() ? held : worst_row;
  throw ReferenceError(
      ref.path + ": the " + source_name + " reference disagrees with the file's float64 `out` on " +
      std::to_string(over) + " of the " + std::to_string(a.elements) + " elements the file holds; the worst at " +
      output_row_text(s, worst_row) + ", column " + std::to_string(worst_d) + ": " +
      number("%.17g", every_element[worst_row * D + worst_d]) + " vs the file's " +
      number("%.17g", ref.out[slot * D + worst_d]) + ", a difference of " + number("%.3g", worst) +
      " over the bound " + number("%.3g", a.bound) + " (" + number("%g", kAnchorBound) +
      " x max(1, max |out|)). Nothing is checked against either. Fix: regenerate the file (" +
      regenerate_command(s) + "); if they still disagree, the " + source_name +
      " reference (harness/gpu/float64_reference.cu) and the generator (reference_data/refgen) do "
      "not compute the same math");
}

CheckReference make_check_reference(const ReferenceCase& ref, const Float64Source& source) {
  CheckReference c;
  c.by.reference = ref.sampled() ? "file_rows" : "file";
  const std::string why = !source.compute           ? "no float64 reference of every element here"
                          : source.unavailable ? source.unavailable(ref.spec)
                                               : std::string();
  if (!why.empty()) {
    if (ref.sampled())
      c.by.note = "the file's " + std::to_string(ref.rows.size()) + " of " + std::to_string(ref.spec.out_rows()) +
                  " rows only: " + why;
    return c;
  }
  std::vector<double> every_element = source.compute(ref);
  c.by.anchor = anchor_to_file(ref, every_element, source.name);
  if (ref.sampled()) {
    c.by.reference = source.name;
    c.every_element = std::move(every_element);
  }
  return c;
}

void add_to_json(const CheckedBy& by, nlohmann::json& reference) {
  reference["checked_by"] = by.reference;
  if (!by.note.empty()) reference["check_note"] = by.note;
  if (by.anchor)
    reference["anchor"] = {{"source", by.anchor->source},
                           {"rows", by.anchor->rows},
                           {"elements", by.anchor->elements},
                           {"max_abs_diff", by.anchor->max_abs_diff},
                           {"bound", by.anchor->bound}};
}

}  // namespace fuselab
