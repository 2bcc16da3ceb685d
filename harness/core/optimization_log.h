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

// The link from the log to a record: the record's path relative to the
// log's folder ("reports/runs/<run-id>.json" with the default paths).
std::string log_record_link(const std::string& records_dir, const std::string& log_path,
                            const std::string& run_id);

// The entry `fuselab calibrate` appends for a calibration record.
std::string render_calibration_entry(const nlohmann::json& record, const std::string& record_link);

// What a new log starts with: the title, a note, the empty summary region.
const std::string& log_header();

// Appends text to the log (creating it with its header when missing) while
// holding flock(LOCK_EX) on it. A writer that replaces the log (`fuselab
// report`, by rename under the same lock) is noticed: the append goes to the
// file now at log_path, never to the replaced one.
void append_to_log(const std::string& log_path, const std::string& text);

}  // namespace fuselab
