#include "harness/core/closure_hashes.h"

#include <map>

namespace fuselab {
namespace {

std::map<std::string, ExperimentClosure>& table() {
  static std::map<std::string, ExperimentClosure> closures;
  return closures;
}

}  // namespace

void register_experiment_closure(const std::string& module, ExperimentClosure closure) {
  table()[module] = std::move(closure);
}

const ExperimentClosure* find_experiment_closure(const std::string& module) {
  const auto it = table().find(module);
  return it == table().end() ? nullptr : &it->second;
}

}  // namespace fuselab
