#include "harness/core/limits_vocabulary.h"

#include <algorithm>

#include "harness/core/op_registry.h"

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

std::string unknown_limit(const Experiment& e) {
  const OpDeclaration& op = op_named(launch_binding_of(e).op);
  for (const auto& field : declared_limits(e.limits_value))
    if (std::find(op.limits.begin(), op.limits.end(), field) == op.limits.end())
      return "its limits declare " + field + ", which op " + op.name + " does not know (" + op.source_file + ")";
  return "";
}

}  // namespace fuselab
