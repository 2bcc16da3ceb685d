#include "harness/core/case_tensors.h"

#include <stdexcept>

namespace fuselab {

const float* CaseTensors::input(const std::string& name) const {
  const auto it = inputs.find(name);
  if (it == inputs.end())
    throw std::runtime_error("op " + (spec ? spec->op : std::string("?")) + " has no input tensor '" + name +
                             "' here. Fix: bind the input names the op declares (docs/ops.md)");
  return it->second;
}

CaseTensors host_tensors_of(const ReferenceCase& ref) {
  CaseTensors t;
  t.spec = &ref.spec;
  for (const auto& [name, data] : ref.inputs) t.inputs[name] = data.data();
  return t;
}

}  // namespace fuselab
