#include "harness/core/cpu_reference.h"

#include <numeric>
#include <stdexcept>

#include "harness/core/op_registry.h"

namespace fuselab {

std::string cpu_reference_unavailable(const CaseSpec& spec) {
  if (op_named(spec.op).cpu_reference) return "";
  return "op " + spec.op + " of " + spec.id() + " has no host float64 reference";
}

std::vector<double> reference_output(const ReferenceCase& ref) {
  const CaseSpec& s = ref.spec;
  const std::string unavailable = cpu_reference_unavailable(s);
  if (!unavailable.empty())
    throw std::runtime_error(unavailable + ". Fix: give its declaration a cpu_reference (docs/ops.md)");
  std::vector<int64_t> rows = ref.rows;
  if (rows.empty()) {
    rows.resize(static_cast<std::size_t>(s.out_rows()));
    std::iota(rows.begin(), rows.end(), int64_t{0});
  }
  std::vector<double> out(rows.size() * static_cast<std::size_t>(s.D));
  op_named(s.op).cpu_reference(ref, rows, out.data());
  return out;
}

}  // namespace fuselab
