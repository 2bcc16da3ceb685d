// The entries of a dated log file (reports/log/<YYYY-MM-DD>.md), rendered from
// a run record alone so that `fuselab report` regenerates them byte for byte.
// A run gives a block: its environment and record link once, then one entry
// per experiment (verdict, prediction, hypothesis, limits, the timed cases as
// a table and the cases only checked on one line). A version's hypothesis and
// limits are printed in full at its first entry of the file and referred to
// by that entry's time after.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/log_notes.h"

namespace fuselab {

// Which versions a dated file has described in full, and at which entry.
class LogFileMemory {
 public:
  // What `file_text` (a dated file as appended so far) describes.
  static LogFileMemory of(const std::string& file_text);
  // The time ("01:14:42") of the entry that printed this hypothesis and these
  // limits for `id`; "" when none did.
  std::string described_at(const std::string& id, const std::string& hypothesis,
                           const std::string& limits) const;
  void remember(const std::string& id, const std::string& hypothesis, const std::string& limits,
                const std::string& time);

 private:
  std::map<std::string, std::string> times_;  // id, hypothesis, limits -> time
};

// A run record's block; `memory` is what the file holds before it, and
// learns what the block describes.
std::string render_run_entries(const nlohmann::json& record, const std::string& record_link,
                               LogFileMemory& memory);

// The entry `fuselab calibrate` appends for a calibration record.
std::string render_calibration_entry(const nlohmann::json& record, const std::string& record_link);

// A note's entry: its title and a link (`note_link`, relative to the file).
std::string render_note_entry(const LogNote& note, const std::string& note_link);

// The run ids a dated file links to ("Record: [RUN-ID](...)" lines), in order.
std::vector<std::string> logged_run_ids(const std::string& file_text);

}  // namespace fuselab
