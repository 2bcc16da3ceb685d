#include "harness/core/closure_hashes.h"

#include <map>

namespace fuselab {
namespace {

std::map<std::string, ExperimentClosure>& table() {
  static std::map<std::string, ExperimentClosure> closures;
  return closures;
}

}  // namespace

void register_experiment_closure(const std::string& id, ExperimentClosure closure) {
  table()[id] = std::move(closure);
}

const ExperimentClosure* find_experiment_closure(const std::string& id) {
  const auto it = table().find(id);
  return it == table().end() ? nullptr : &it->second;
}

}  // namespace fuselab
