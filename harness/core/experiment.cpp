#include "harness/core/experiment.h"

#include <filesystem>
#include <sstream>

#include "harness/core/cases_file.h"
#include "harness/core/op_registry.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {

std::optional<std::string> Limits::reject(const CaseSpec& c) const {
  std::ostringstream why;
  if (!pe.count(c.pe)) {
    why << "PE kind " << pe_name(c.pe) << " not implemented";
  } else if (c.D % head_dim_multiple != 0) {
    why << "head_dim " << c.D << " is not a multiple of " << head_dim_multiple;
  } else if (c.D > max_head_dim) {
    why << "head_dim " << c.D << " exceeds " << max_head_dim;
  } else {
    const OpDeclaration& op = op_named(c.op);
    const std::optional<std::string> own = op.reject ? op.reject(*this, c) : std::nullopt;
    if (own) return own;
    const long last = op.last_position ? static_cast<long>(op.last_position(c)) : 0;
    if (pe_applies_positions(c.pe) && last > max_position)
      why << "position " << last << " beyond the declared valid range (<= " << max_position << ")";
  }
  const std::string s = why.str();
  if (s.empty()) return std::nullopt;
  return s;
}

std::string Limits::describe() const {
  std::ostringstream o;
  o << "pe {";
  const char* sep = "";
  for (PeKind k : pe) { o << sep << pe_name(k); sep = ", "; }
  o << "}";
  if (head_dim_multiple > 1) o << "; head_dim % " << head_dim_multiple << " == 0";
  if (max_head_dim != INT_MAX) o << "; head_dim <= " << max_head_dim;
  if (max_seq_q != INT_MAX) o << "; seq_q <= " << max_seq_q;
  if (max_seq_k != INT_MAX) o << "; seq_k <= " << max_seq_k;
  o << "; causal " << (causal ? "yes" : "no") << "; gqa " << (gqa ? "yes" : "no")
    << "; Sq != Sk " << (cross ? "yes" : "no");
  if (max_position != LONG_MAX) o << "; positions <= " << max_position;
  return o.str();
}

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
