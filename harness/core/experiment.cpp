#include "harness/core/experiment.h"

#include <filesystem>
#include <sstream>

#include "harness/core/cases_file.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/core/op_registry.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {

std::optional<std::string> Limits::reject(const CaseSpec& c) const {
  // std::to_string, not a stream: the library's call path (fuselab_kernels,
  // the PyTorch ops' process) formats no number through iostreams.
  using std::to_string;
  if (!pe.count(c.pe)) return "PE kind " + std::string(pe_name(c.pe)) + " not implemented";
  if (c.D % head_dim_multiple != 0)
    return "head_dim " + to_string(c.D) + " is not a multiple of " + to_string(head_dim_multiple);
  if (c.D > max_head_dim) return "head_dim " + to_string(c.D) + " exceeds " + to_string(max_head_dim);
  const OpDeclaration& op = op_named(c.op);
  const std::optional<std::string> own = op.reject ? op.reject(*this, c) : std::nullopt;
  if (own) return own;
  const long last = op.last_position ? static_cast<long>(op.last_position(c)) : 0;
  if (pe_applies_positions(c.pe) && last > max_position)
    return "position " + to_string(last) + " beyond the declared valid range (<= " + to_string(max_position) + ")";
  return std::nullopt;
}

std::string Limits::describe() const { return describe_limits(*this, limit_field_names()); }

Prediction faster_than(std::string baseline, double factor, std::vector<std::string> cases) {
  Prediction p;
  p.kind = Prediction::Kind::FasterThan;
  p.baseline = std::move(baseline);
  p.factor = factor;
  p.cases = std::move(cases);
  return p;
}

Prediction slower_than(std::string baseline, double factor, std::vector<std::string> cases) {
  Prediction p = faster_than(std::move(baseline), factor, std::move(cases));
  p.kind = Prediction::Kind::SlowerThan;
  return p;
}

Prediction at_most_us(double micros, std::vector<std::string> cases) {
  Prediction p;
  p.kind = Prediction::Kind::AtMostMicros;
  p.micros = micros;
  p.cases = std::move(cases);
  return p;
}

std::string Prediction::describe() const {
  std::ostringstream o;
  switch (kind) {
    case Kind::None: return "none";
    case Kind::FasterThan: o << "at least " << factor << "x faster than " << baseline; break;
    case Kind::SlowerThan: o << "at least " << factor << "x slower than " << baseline; break;
    case Kind::AtMostMicros: o << "cold median at most " << micros << " us"; break;
  }
  if (cases.empty()) {
    o << " on every benchmark case both support";
  } else {
    o << " on ";
    const char* sep = "";
    for (const auto& c : cases) { o << sep << c; sep = ", "; }
  }
  return o.str();
}

std::string Experiment::module() const {
  // source_file is the compiler's path of the module: ".../experiments/<folder>/<name>.cu".
  const std::filesystem::path path(source_file);
  return (path.parent_path().filename() / path.stem()).generic_string();
}

}  // namespace fuselab
