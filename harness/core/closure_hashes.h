// What each built experiment was compiled from: the sha256 of its include
// closure inside the repository (every file its compilation read there, as
// the compiler's dependency output lists them, each with its own sha256) and
// the compile flags. cmake/closure_hashes.cmake computes them after the
// experiments compile and generates a source that registers them here; a
// record carries its version's closure, and a verdict counts as "on the
// current source" only while the build's closure is the record's.
#pragma once

#include <string>

namespace fuselab {

struct ExperimentClosure {
  std::string sha256;  // over "flags <flags>\n" then "<repo-relative path> <sha256>\n" per file, sorted
  int files = 0;       // how many repository files it covers
};

// Keyed by module (Experiment::module(): "attention/v000_cublas_unfused",
// "designs/no_turns"): every version a module declares shares its closure.
void register_experiment_closure(const std::string& module, ExperimentClosure closure);
// The build's closure of `module`; null where this build holds none (a build
// without the generated table, a module not built).
const ExperimentClosure* find_experiment_closure(const std::string& module);

}  // namespace fuselab
