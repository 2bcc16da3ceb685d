// code_built_now: the include closures of this build's versions and the
// repository's same-SASS witnesses, as `report` and `export` use them.
#include "harness/cli/commands.h"
#include "harness/core/closure_hashes.h"
#include "harness/core/registry.h"

namespace fuselab::cli {

BuiltCode code_built_now(const Paths& paths) {
  BuiltCode code;
  for (const auto& e : Registry::global().all())
    if (const ExperimentClosure* c = find_experiment_closure(e.module())) code.add_closure(e.id(), c->sha256);
  add_repository_witnesses(code, paths.root, paths.records_dir);
  return code;
}

}  // namespace fuselab::cli
