#include "harness/core/op_registry.h"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>

#include "harness/core/cases_file.h"
#include "harness/core/extent_expression.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/ops/builtin_ops.h"

namespace fuselab {
namespace {

const char* const kOpsDoc = "docs/ops.md";

std::map<std::string, std::unique_ptr<OpDeclaration>>& ops() {
  static std::map<std::string, std::unique_ptr<OpDeclaration>> known = [] {
    std::map<std::string, std::unique_ptr<OpDeclaration>> builtin;
    for (OpDeclaration& op : builtin_ops()) {
      const std::string problem = declaration_problem(op);
      if (!problem.empty()) throw std::runtime_error(problem);
      const std::string name = op.name;
      builtin[name] = std::make_unique<OpDeclaration>(std::move(op));
    }
    return builtin;
  }();
  return known;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

bool is_slug(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

}  // namespace

const char* dtype_name(TensorDeclaration::Dtype dtype) {
  return dtype == TensorDeclaration::Dtype::Int64 ? "int64" : "float32";
}

std::size_t dtype_bytes(TensorDeclaration::Dtype dtype) { return dtype == TensorDeclaration::Dtype::Int64 ? 8 : 4; }

std::vector<int64_t> TensorDeclaration::shape(const CaseSpec& c) const {
  std::vector<int64_t> out;
  for (const auto& e : extents) out.push_back(evaluate_extent(e, c.dims));
  return out;
}

int64_t TensorDeclaration::max_value(const CaseSpec& c) const { return c.integer(max_value_key); }

const TensorDeclaration& OpDeclaration::output() const {
  for (const auto& t : tensors)
    if (t.role == TensorDeclaration::Role::Output) return t;
  throw std::runtime_error("op " + name + " declares no output tensor");
}

std::vector<const TensorDeclaration*> OpDeclaration::inputs() const {
  std::vector<const TensorDeclaration*> out;
  for (const auto& t : tensors)
    if (t.role != TensorDeclaration::Role::Output) out.push_back(&t);
  return out;
}

std::string declaration_problem(const OpDeclaration& op) {
  const std::string who = "op declaration '" + op.name + "' (" + op.source_file + "): ";
  const auto problem = [&](const std::string& what, const std::string& fix) {
    return who + what + ". Fix: " + fix + " (" + kOpsDoc + ")";
  };
  if (!is_slug(op.name)) return problem("its name is not [a-z0-9_]+", "name it e.g. \"softmax_rows\"");
  if (op.shape_keys.empty()) return problem("it has no shape keys", "list the keys of shape: {...} in .shape_keys");
  const std::pair<const char*, bool> hooks[] = {
      {"read_shape", bool(op.read_shape)}, {"read_parameters", bool(op.read_parameters)},
      {"parameters", bool(op.parameters)}, {"shape_text", bool(op.shape_text)},
      {"traffic", bool(op.traffic)},
  };
  for (const auto& [hook, present] : hooks)
    if (!present) return problem("it has no ." + std::string(hook), "give it ." + std::string(hook) + " = [](...) {...}");
  int outputs = 0;
  for (const auto& t : op.tensors) {
    if (!is_slug(t.name)) return problem("a tensor's name '" + t.name + "' is not [a-z0-9_]+", "name every tensor");
    if (t.extents.empty())
      return problem("tensor '" + t.name + "' has no shape",
                     "give it .extents = {\"T\", \"Hq+Hkv\", \"D\"}, one per dimension, over its shape keys");
    for (const auto& e : t.extents) {
      const std::string bad = extent_expression_problem(e, op.shape_keys);
      if (!bad.empty())
        return problem("tensor '" + t.name + "' " + bad,
                       "write each extent as shape keys and integers joined by + or -, a key may be divided: D/2");
    }
    if (t.dims.size() != t.extents.size())
      return problem("tensor '" + t.name + "' names " + std::to_string(t.dims.size()) + " dimensions for its " +
                         std::to_string(t.extents.size()) + " extents",
                     "give it .dims = {\"n\", \"d\"}, one short name per extent");
    if (t.role == TensorDeclaration::Role::Output) ++outputs;
    const bool int64 = t.dtype == TensorDeclaration::Dtype::Int64;
    if (int64 && t.role == TensorDeclaration::Role::Output)
      return problem("its output '" + t.name + "' is int64", "declare the output float32 (the default dtype)");
    if (int64 && t.role == TensorDeclaration::Role::CounterInput &&
        std::find(op.case_keys.begin(), op.case_keys.end(), t.max_value_key) == op.case_keys.end())
      return problem("int64 counter input '" + t.name + "' has no .max_value_key among its case keys",
                     "give it .max_value_key = \"max_position\", an integer case key of the op (its values lie in [0, that value])");
  }
  if (outputs != 1)
    return problem("it declares " + std::to_string(outputs) + " output tensors", "declare exactly one, named \"out\"");
  const auto& known = limit_field_names();
  for (const auto& l : op.limits)
    if (std::find(known.begin(), known.end(), l) == known.end())
      return problem("its limits name '" + l + "', which is no field of Limits", "use some of: " + join(known));
  if (bool(op.bind_launch) != (op.problem_type != typeid(void)))
    return problem("it gives one of .problem_type and .bind_launch without the other",
                   "set both with bind_problem_launch (harness/ops/common/problem_launch.h), or neither");
  return "";
}

void register_op(OpDeclaration op) {
  const std::string problem = declaration_problem(op);
  if (!problem.empty()) throw std::runtime_error(problem);
  if (find_op(op.name))
    throw std::runtime_error("op declaration '" + op.name + "' (" + op.source_file +
                             "): an op of that name is already registered. Fix: give it another name (" +
                             kOpsDoc + ")");
  for (const auto& [name, other] : ops())
    if (op.problem_type != typeid(void) && other->problem_type == op.problem_type)
      throw std::runtime_error("op declaration '" + op.name + "' (" + op.source_file +
                               "): its versions' problem struct is already op " + name +
                               "'s. Fix: give each op its own problem struct (" + kOpsDoc + ")");
  const std::string name = op.name;
  ops()[name] = std::make_unique<OpDeclaration>(std::move(op));
}

const OpDeclaration* find_op(const std::string& name) {
  const auto it = ops().find(name);
  return it == ops().end() ? nullptr : it->second.get();
}

const OpDeclaration& op_named(const std::string& name) {
  if (const OpDeclaration* op = find_op(name)) return *op;
  throw std::runtime_error("unknown op '" + name + "'. Fix: use one of " + join(op_names()) +
                           ", or declare and register it (" + kOpsDoc + ")");
}

LaunchBinding launch_binding_of(const Experiment& e) {
  if (!e.launch_functions.launch) return {};
  for (const auto& [name, op] : ops())
    if (op->problem_type == e.launch_functions.problem) {
      LaunchBinding binding = op->bind_launch(e.launch_functions);
      binding.op = name;
      return binding;
    }
  return {};
}

std::vector<std::string> op_names() {
  std::vector<std::string> names;
  for (const auto& [name, op] : ops()) names.push_back(name);
  return names;
}

}  // namespace fuselab
