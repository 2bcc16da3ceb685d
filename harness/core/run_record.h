// Run records: one JSON file per run under reports/runs/, written atomically
// (temp file + rename), never edited afterwards. The fields are DESIGN.md §6;
// `schema` says which layout a reader gets. Written compact (no indentation):
// readers are tools, and the records are most of the tree that travels to the
// lent GPU machine (64 MiB at most). Records before 2026-11-21T06:30Z are
// indented; both read the same.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/outcome.h"

namespace fuselab {

constexpr int kRunRecordSchema = 1;

struct RunContext {
  std::string run_id;
  std::vector<std::string> command;
  std::string started_utc, finished_utc;
  std::string backend;          // "cuda" or "cpu"
  nlohmann::json git, build, environment, ceilings, settings;
  std::string gbench_file;      // file name beside the record, or empty
};

nlohmann::json make_run_record(const RunContext& ctx,
                               const std::vector<ExperimentOutcome>& outcomes);

// Writes <dir>/<name> through a temporary file in the same folder and a
// rename, so a reader never sees half a file.
void write_file_atomically(const std::string& dir, const std::string& name,
                           const std::string& text);

// Parses a record; throws with the path and what is wrong (including an
// unknown schema version).
nlohmann::json read_run_record(const std::string& path);

}  // namespace fuselab
