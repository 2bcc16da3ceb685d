#include "harness/core/output_fault.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "harness/core/output_position.h"

namespace fuselab {

int64_t unheld_fault_index(const ReferenceCase& ref) {
  const CaseSpec& s = ref.spec;
  int64_t row = s.out_rows() - 1;
  // The last row the file does not hold: below the last held row, walk down
  // past held rows (rows are sorted, the last one included).
  if (ref.sampled())
    while (row > 0 && std::find(ref.rows.begin(), ref.rows.end(), row) != ref.rows.end()) --row;
  return row * s.D + (s.D - 1);
}

std::string inject_output_fault(std::vector<float>& out, const ReferenceCase& ref) {
  const char* fault = std::getenv("FUSELAB_OUTPUT_FAULT");
  if (!fault || !*fault) return "";
  if (std::string(fault) != "unheld")
    throw std::runtime_error(std::string("FUSELAB_OUTPUT_FAULT=") + fault +
                             " is no fault this build injects. Fix: unset it, or set it to 'unheld'");
  const int64_t at = unheld_fault_index(ref);
  if (at < 0 || at >= static_cast<int64_t>(out.size())) return "";
  out[static_cast<std::size_t>(at)] += 1.0f;
  const CaseSpec& s = ref.spec;
  const int64_t row = at / s.D, d = at % s.D;
  std::string where;
  for (int64_t i : output_index(s, row, d)) where += (where.empty() ? "" : ", ") + std::to_string(i);
  return "fault injected (FUSELAB_OUTPUT_FAULT=unheld): +1 at (" + where + ")";
}

}  // namespace fuselab
