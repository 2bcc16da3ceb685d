// OPTIMIZATION_LOG.md, the notebook's front page, written whole by `fuselab
// report`: what it is, the summary (per family: verdicts, the fastest version
// per case, targets, the notes that name it) and an index of the dated files
// under reports/log/. Its length grows with families, cases, notes and days,
// never with the number of entries.
#pragma once

#include <string>
#include <vector>

#include "harness/core/report_log.h"

namespace fuselab {

// `summary`: render_log_summary's text. `entries_link` and `notes_link`: the
// dated files' and the notes' folders relative to the front page.
std::string render_front_page(const std::string& summary, const std::vector<LogDay>& days,
                              const std::string& entries_link, const std::string& notes_link);

}  // namespace fuselab
