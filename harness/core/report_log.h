// The dated log files (reports/log/<day>.md) from the run records and notes:
// every entry, byte for byte as `fuselab run` / `fuselab calibrate` appended
// it, notes placed at their stamps.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/core/log_notes.h"
#include "harness/core/report_records.h"

namespace fuselab {

// One dated file's sources, in stamp order.
struct LogDay {
  std::string day;  // "2026-11-21"
  std::vector<const RecordFile*> records;
  std::vector<const LogNote*> notes;
  int entries() const;  // experiments' entries and calibrations
};

// The records and notes grouped by their stamps' days, oldest first.
std::vector<LogDay> log_days(const std::vector<RecordFile>& records, const std::vector<LogNote>& notes);

// Every dated file: path -> bytes. Per day, in stamp order, a calibration
// record gives its entry, a run record its block, a note its linked entry (a
// note before a record of the same stamp). Links are relative to the files'
// folder (log_entries_dir(log_path)); `notes_dir` is where the notes are.
std::map<std::string, std::string> render_log_files(const std::vector<LogDay>& days, const std::string& records_dir,
                                                    const std::string& notes_dir, const std::string& log_path);

}  // namespace fuselab
