// Where a run came from: run id, time, git state, build, source hashes.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "harness/core/experiment.h"

namespace fuselab {

std::string repository_root();  // $FUSELAB_ROOT, else the source tree this was built from
std::string utc_now_iso();      // 2026-11-21T10:15:00Z
std::string new_run_id();       // 20261121T101500Z-<host>-<pid>: sortable and unique
nlohmann::json git_state(const std::string& root);  // commit, dirty (or why unknown)
nlohmann::json build_info();
// Runs `cmd` through the shell: its standard output, trailing blanks trimmed;
// *status is pclose's (0 on success).
std::string command_output(const std::string& cmd, int* status);                        // compilers and flags
// sha256 over the experiment module and its kernel header (when present).
std::string experiment_source_sha256(const Experiment& e, const std::string& root);

}  // namespace fuselab
