// Run records: one file per run under reports/runs/, written atomically
// (temp file + rename), never edited afterwards. The fields are DESIGN.md §6;
// `schema` says which layout a reader gets; how a record is stored on disk
// (compact, gzip-compressed, derived numbers left out) is record_format.h.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/outcome.h"
#include "harness/core/record_format.h"

namespace fuselab {

struct RunContext {
  std::string run_id;
  std::vector<std::string> command;
  std::string started_utc, finished_utc;
  std::string backend;          // "cuda" or "cpu"
  nlohmann::json git, build, environment, ceilings, settings;
};

nlohmann::json make_run_record(const RunContext& ctx,
                               const std::vector<ExperimentOutcome>& outcomes);

// Writes <dir>/<name> through a temporary file in the same folder and a
// rename, so a reader never sees half a file.
void write_file_atomically(const std::string& dir, const std::string& name,
                           const std::string& text);
// The same, only when `path` does not already hold exactly `text`; true when it wrote.
bool write_file_if_changed(const std::string& path, const std::string& text);

// Writes a record (full form) in its stored form as <dir>/<run_id>.json.gz;
// paths under `root` (the repository) are stored relative to it.
void write_run_record(const std::string& dir, const nlohmann::json& record, const std::string& root);

// Reads a record in its full form, compact or legacy; throws with the path and what is wrong (including an
// unknown schema version).
nlohmann::json read_run_record(const std::string& path);

}  // namespace fuselab
