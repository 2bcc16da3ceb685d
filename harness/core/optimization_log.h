// OPTIMIZATION_LOG.md: the chronological lab notebook. One entry per
// experiment per run, rendered from the run record alone (so a lost entry can
// be regenerated), appended under an exclusive lock so concurrent runs never
// interleave.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace fuselab {

// The markdown entry for one experiment of a record. `record_link` is the
// record's path relative to the log.
std::string render_log_entry(const nlohmann::json& record, const nlohmann::json& experiment,
                             const std::string& record_link);

// Appends text to the log (creating it with its header when missing) while
// holding flock(LOCK_EX) on it.
void append_to_log(const std::string& log_path, const std::string& text);

}  // namespace fuselab
