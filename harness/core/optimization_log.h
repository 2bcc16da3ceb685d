// The lab notebook: OPTIMIZATION_LOG.md, its front page (written by `fuselab
// report`, log_front_page.h), and the dated files under reports/log/ beside
// it, one per UTC day, to which `fuselab run` and `fuselab calibrate` append
// a run's entries (log_entry.h) under an exclusive lock, so concurrent runs
// never interleave. Everything is rendered from the run records and notes,
// so a lost entry can be regenerated.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace fuselab {

// The folder of the dated files: reports/log/ in the front page's folder.
std::string log_entries_dir(const std::string& log_path);

// "2026-11-21" for a run id or note key starting with its UTC stamp
// ("20261121T..."); throws naming `key` when it does not.
std::string log_day(const std::string& key);

// The dated file of `day` under `log_path`'s entries folder.
std::string log_day_file(const std::string& log_path, const std::string& day);

// What a dated file starts with: its title, what it holds, a link back to the
// front page (`front_page_link`, relative to the file).
std::string log_day_header(const std::string& day, const std::string& front_page_link);

// The link from `from_dir` to a record: the record's path relative to it
// ("../runs/<run-id>.json.gz" from reports/log/ with the default paths). Every
// link of the log to a record is made here.
std::string log_record_link(const std::string& records_dir, const std::string& from_dir,
                            const std::string& run_id);

// Appends `entries` to `path`, creating it with `header` when missing or empty, while
// holding flock(LOCK_EX) on it. A writer that replaces the file (`fuselab
// report`, by rename under the same lock) is noticed: the append goes to the
// file now at `path`, never to the replaced one.
void append_to_log(const std::string& path, const std::string& header, const std::string& entries);

// Appends a record's entries (a run's, or a calibration's) to its day's file.
void log_record(const std::string& log_path, const std::string& records_dir, const nlohmann::json& record);

}  // namespace fuselab
