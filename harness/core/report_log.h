// OPTIMIZATION_LOG.md from the run records: its entries (what `fuselab run`
// and `fuselab calibrate` appended, byte for byte) and its summary region.
#pragma once

#include <string>
#include <vector>

#include "harness/core/report_records.h"

namespace fuselab {

// A researcher's note: reports/notes/<UTC stamp>-<slug>.md, written by hand
// (findings, analyses that span runs). It joins the log at its stamp, among
// the run entries (run ids start with the same stamp format).
struct LogNote {
  std::string key;   // the file name without ".md": "20261121T0300Z-sinusoidal-fusion"
  std::string text;  // the file's bytes
};
// Every *.md under `notes_dir` sorted by name; none when the folder is absent.
std::vector<LogNote> load_log_notes(const std::string& notes_dir);

// Every entry, in run-id order, notes interleaved at their stamps: a
// calibration record gives the calibration entry, a run record one entry per
// experiment, a note its text after a blank line. Links are relative to the
// log's folder, as `fuselab run` writes them.
std::string render_log_entries(const std::vector<RecordFile>& records,
                               const std::vector<LogNote>& notes, const std::string& records_dir,
                               const std::string& log_path);

// A whole log: log_header() with `summary` inside its markers, then `entries`.
std::string render_full_log(const std::string& summary, const std::string& entries);

// `log_text` with the text between its summary markers replaced by
// `summary`; throws (naming `log_path` and the fix) when the markers are
// missing, repeated or out of order.
std::string replace_summary(const std::string& log_text, const std::string& summary,
                            const std::string& log_path);

// The run ids a log links to ("Record: [RUN-ID](...)" lines), in log order.
std::vector<std::string> logged_run_ids(const std::string& log_text);

}  // namespace fuselab
