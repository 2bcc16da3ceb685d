// `fuselab run ID... --at COMMIT`: run versions exactly as a commit built
// them. The commit is built in a temporary source tree (a git worktree, or a
// source archive from scripts/source_archive.sh where the tree has no .git)
// with only those versions, and its fuselab runs them into the records
// folder, log and references of this command, recording the commit as clean.
#pragma once

#include <string>
#include <vector>

#include "harness/cli/commands.h"

namespace fuselab::cli {

// Runs args.targets (exact ids, family/vNNN_slug: nothing is resolved against
// this build's registry) with args' --case, --quick, --allocations and
// --paired at `commit` of the repository at paths.root, and returns that
// run's exit code. Throws std::runtime_error, with nothing written, when an id
// is not exact, the commit is neither in the repository nor in a source
// archive, the records folder or log is not writable, or the build fails.
// `recorded_command`, when given, receives the command line that the run
// records as its "command" (to find its record afterwards).
int run_at_commit(const Paths& paths, const RunArgs& args, const std::string& commit,
                  std::vector<std::string>* recorded_command = nullptr);

}  // namespace fuselab::cli
