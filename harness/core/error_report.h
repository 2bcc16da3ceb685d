// Compare a kernel's float32 output against the float64 expected output of a
// reference case. Pass iff every checked element is finite and within the
// tolerance (written !(err <= tol), so NaN fails). The report says which
// reference it compared against and how many elements (check_reference.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/check_reference.h"
#include "harness/core/reference_case.h"

namespace fuselab {

constexpr double kTolerance = 5e-5;

struct ErrorReport {
  double tolerance = kTolerance;
  std::string reference;      // what it was compared against: "file", "file_rows", "gpu_float64"
  int64_t checked = 0;        // elements compared
  int64_t nonfinite = 0;      // NaN or Inf in the output (the poison shows up here)
  int64_t over_tolerance = 0;
  double max_abs_err = 0.0;
  double max_rel_err = 0.0;   // |err| / max(|expected|, 1e-6)
  std::vector<int64_t> where; // index of the worst element: (b, h, s, d) or (n, s, d)
  double got = 0.0;
  double expected = 0.0;
  double torch_fp32_max_abs_err = 0.0;  // PyTorch's own float32 error, from the file
  bool pass = false;

  std::string summary() const;  // one line for progress output
};

// `out` holds the kernel's whole output ([out_rows, D]); sampled references
// are compared on their rows only.
ErrorReport compare_output(const std::vector<float>& out, const ReferenceCase& ref,
                           double tolerance = kTolerance);
// Against what `against` says checks the case: every element of its float64
// reference where it holds one, else as above.
ErrorReport compare_output(const std::vector<float>& out, const ReferenceCase& ref,
                           const CheckReference& against, double tolerance = kTolerance);

nlohmann::json to_json(const ErrorReport& r);

}  // namespace fuselab
