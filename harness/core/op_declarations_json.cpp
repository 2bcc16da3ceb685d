#include "harness/core/op_declarations_json.h"

#include "harness/core/op_registry.h"
#include "harness/ops/builtin_ops.h"

namespace fuselab {
namespace {

const char* role_name(TensorDeclaration::Role role) {
  switch (role) {
    case TensorDeclaration::Role::CounterInput:
      return "counter_input";
    case TensorDeclaration::Role::StoredInput:
      return "stored_input";
    case TensorDeclaration::Role::Output:
      return "output";
  }
  return "?";
}

}  // namespace

nlohmann::json op_declaration_json(const OpDeclaration& op) {
  nlohmann::json tensors = nlohmann::json::array();
  for (const auto& t : op.tensors) {
    nlohmann::json tensor{{"name", t.name},       {"role", role_name(t.role)}, {"dtype", dtype_name(t.dtype)},
                          {"extents", t.extents}, {"dims", t.dims}};
    if (t.role == TensorDeclaration::Role::CounterInput) tensor["stream"] = static_cast<uint64_t>(t.stream);
    if (!t.max_value_key.empty()) tensor["max_value_key"] = t.max_value_key;
    tensors.push_back(tensor);
  }
  return {{"shape_keys", op.shape_keys}, {"case_keys", op.case_keys}, {"limits", op.limits}, {"tensors", tensors}};
}

std::string render_op_declarations() {
  nlohmann::json ops = nlohmann::json::object();
  for (const OpDeclaration& op : builtin_ops()) ops[op.name] = op_declaration_json(op);
  nlohmann::json doc{{"generated_by", "fuselab export --ops reference_data/op_declarations.json (docs/ops.md)"},
                     {"ops", ops}};
  return doc.dump(2) + "\n";
}

}  // namespace fuselab
