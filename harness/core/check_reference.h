// What a case's output is checked against (issue 43). A file with storage
// full holds every element: it checks them all ("file"). A sampled file
// holds only some rows; where a float64 reference of every element can be
// computed (the GPU's, harness/gpu/float64_reference.h), that reference
// checks every element instead ("gpu_float64"), after it has been anchored
// to the file: on every row the file holds it must agree with the file's
// float64 output within kAnchorBound, or the case is refused with a message
// naming the file, the row and the difference. Full files anchor it too, on
// every element. Where there is no such reference (no GPU, an op without
// one) a sampled case falls back to the file's rows ("file_rows") and says
// why.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/reference_case.h"

namespace fuselab {

// |float64 reference - file float64| <= kAnchorBound * max(1, max |file|).
// The two evaluate the same float64 math in another order (PyTorch's matmul
// against a plain loop) with other sin, cos and exp: the difference is the
// rounding noise of a float64 dot of D terms, whose partial sums reach D/2
// under the sinusoidal PE (its table correlates with itself), about
// u * D^1.5 * scale / 2 = 9e-13 at D 16384 (u = 2^-53), and 7.9e-13 measured
// there (sinusoidal/b1_h4_s64_d16384; every other case <= 6e-14,
// docs/checking.md). 1e-12 would leave that case a margin of 2.5; 1e-10
// leaves 100, and stays 100 below the smallest error in the math the anchor
// exists to catch: one float32 rounding where the contract has float64
// moves the output by 1e-8 or more (a misplaced position, mask or head far more).
constexpr double kAnchorBound = 1e-10;

// How a float64 reference of every element met the file before it checked anything.
struct Float64Anchor {
  std::string source;         // "gpu_float64"
  int64_t rows = 0;           // file rows compared (all of them for full storage)
  int64_t elements = 0;
  double max_abs_diff = 0.0;  // max |reference - file| over those elements
  double bound = 0.0;         // what it had to stay within
};

// Computes every output element of a case in float64, where it can.
struct Float64Source {
  std::string name;                                                   // "gpu_float64"
  std::function<std::string(const CaseSpec&)> unavailable;            // "" or why not
  std::function<std::vector<double>(const ReferenceCase&)> compute;  // [out_rows, D]
};

// Which reference checked a case, as its record says it.
struct CheckedBy {
  std::string reference = "file";  // "file" | "file_rows" | the source's name ("gpu_float64")
  std::string note;                // file_rows: why not every element
  std::optional<Float64Anchor> anchor;
};

struct CheckReference {
  CheckedBy by;
  std::vector<double> every_element;  // [out_rows, D] where a source checks (sampled cases); else empty
  bool every_element_checked() const { return !every_element.empty(); }
};

// Compares `every_element` ([out_rows, D]) with the file on every row the file
// holds. Throws ReferenceError naming the file, the row (flat id and
// coordinates), the column, both values and the difference when one element
// is further than kAnchorBound * max(1, max |file|).
Float64Anchor anchor_to_file(const ReferenceCase& ref, const std::vector<double>& every_element,
                             const std::string& source_name);

// What checks `ref`: computes and anchors source's reference where it is
// available (every case), and keeps it for a sampled case. Throws
// ReferenceError where the anchor fails.
CheckReference make_check_reference(const ReferenceCase& ref, const Float64Source& source);

// The record's case.reference fields (run_record.cpp): checked_by, and
// check_note / anchor where present.
void add_to_json(const CheckedBy& by, nlohmann::json& reference);

}  // namespace fuselab
