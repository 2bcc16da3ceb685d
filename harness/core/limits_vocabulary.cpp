#include "harness/core/limits_vocabulary.h"

#include <algorithm>
#include <climits>

#include "harness/core/op_registry.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {

const std::vector<std::string>& limit_field_names() {
  static const std::vector<std::string> names = {"pe",        "head_dim_multiple", "max_head_dim",
                                                 "max_seq_q", "max_seq_k",         "causal",
                                                 "gqa",       "cross",             "max_position"};
  return names;
}

std::vector<std::string> declared_limits(const Limits& l) {
  const Limits d;
  const bool set[] = {l.pe != d.pe,
                      l.head_dim_multiple != d.head_dim_multiple,
                      l.max_head_dim != d.max_head_dim,
                      l.max_seq_q != d.max_seq_q,
                      l.max_seq_k != d.max_seq_k,
                      l.causal != d.causal,
                      l.gqa != d.gqa,
                      l.cross != d.cross,
                      l.max_position != d.max_position};
  std::vector<std::string> out;
  for (std::size_t i = 0; i < limit_field_names().size(); ++i)
    if (set[i]) out.push_back(limit_field_names()[i]);
  return out;
}

std::string describe_limits(const Limits& l, const std::vector<std::string>& fields) {
  using std::to_string;
  const auto has = [&](const char* field) { return std::find(fields.begin(), fields.end(), field) != fields.end(); };
  std::string text = "pe {";
  const char* sep = "";
  for (PeKind k : l.pe) text += sep + std::string(pe_name(k)), sep = ", ";
  text += "}";
  if (has("head_dim_multiple") && l.head_dim_multiple > 1) text += "; head_dim % " + to_string(l.head_dim_multiple) + " == 0";
  if (has("max_head_dim") && l.max_head_dim != INT_MAX) text += "; head_dim <= " + to_string(l.max_head_dim);
  if (has("max_seq_q") && l.max_seq_q != INT_MAX) text += "; seq_q <= " + to_string(l.max_seq_q);
  if (has("max_seq_k") && l.max_seq_k != INT_MAX) text += "; seq_k <= " + to_string(l.max_seq_k);
  if (has("causal")) text += std::string("; causal ") + (l.causal ? "yes" : "no");
  if (has("gqa")) text += std::string("; gqa ") + (l.gqa ? "yes" : "no");
  if (has("cross")) text += std::string("; Sq != Sk ") + (l.cross ? "yes" : "no");
  if (has("max_position") && l.max_position != LONG_MAX) text += "; positions <= " + to_string(l.max_position);
  return text;
}

std::string describe_limits_of(const Experiment& e) {
  // A version with no launch bound to a registered op (a test's) is told in every field.
  const OpDeclaration* op = find_op(launch_binding_of(e).op);
  return describe_limits(e.limits_value, op ? op->limits : limit_field_names());
}

std::string unknown_limit(const Experiment& e) {
  const OpDeclaration& op = op_named(launch_binding_of(e).op);
  for (const auto& field : declared_limits(e.limits_value))
    if (std::find(op.limits.begin(), op.limits.end(), field) == op.limits.end())
      return "its limits declare " + field + ", which op " + op.name + " does not know (" + op.source_file + ")";
  return "";
}

}  // namespace fuselab
