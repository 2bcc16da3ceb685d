#include "harness/core/case_tensors.h"

#include <stdexcept>

#include "harness/core/op_registry.h"

namespace fuselab {
namespace {

const void* typed_input(const CaseTensors& t, const std::string& name, TensorDeclaration::Dtype want) {
  const std::string op = t.spec ? t.spec->op : std::string("?");
  const auto it = t.inputs.find(name);
  if (it == t.inputs.end())
    throw std::runtime_error("op " + op + " has no input tensor '" + name +
                             "' here. Fix: bind the input names the op declares (docs/ops.md)");
  if (t.spec)
    for (const TensorDeclaration* d : op_named(op).inputs())
      if (d->name == name && d->dtype != want)
        throw std::runtime_error("op " + op + " declares input '" + name + "' " + dtype_name(d->dtype) +
                                 ", read here as " + dtype_name(want) + ". Fix: read it as its declared dtype");
  return it->second;
}

}  // namespace

const float* CaseTensors::input(const std::string& name) const {
  return static_cast<const float*>(typed_input(*this, name, TensorDeclaration::Dtype::Float32));
}

const int64_t* CaseTensors::input_int64(const std::string& name) const {
  return static_cast<const int64_t*>(typed_input(*this, name, TensorDeclaration::Dtype::Int64));
}

CaseTensors host_tensors_of(const ReferenceCase& ref) {
  CaseTensors t;
  t.spec = &ref.spec;
  for (const auto& [name, data] : ref.inputs) t.inputs[name] = data.data();
  for (const auto& [name, data] : ref.int64_inputs) t.inputs[name] = data.data();
  return t;
}

}  // namespace fuselab
