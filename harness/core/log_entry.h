// The entries of a dated log file (reports/log/<YYYY-MM-DD>.md), rendered from
// a run record alone so that `fuselab report` regenerates them byte for byte.
// A run gives a block: its environment and record link once, then one short
// entry per experiment: the verdict with its reason, each timed case's cold
// median, the cases only checked, and any case that did not pass. The rest
// (declaration, statistics, samples) is the record's, which the entry links:
// the log indexes the evidence, it does not hold a second copy of it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/log_notes.h"

namespace fuselab {

// A run record's block.
std::string render_run_entries(const nlohmann::json& record, const std::string& record_link);

// The entry `fuselab calibrate` appends for a calibration record.
std::string render_calibration_entry(const nlohmann::json& record, const std::string& record_link);

// A note's entry: its title and a link (`note_link`, relative to the file).
std::string render_note_entry(const LogNote& note, const std::string& note_link);

// The run ids a dated file links to ("Record: [RUN-ID](...)" lines), in order.
std::vector<std::string> logged_run_ids(const std::string& file_text);

}  // namespace fuselab
