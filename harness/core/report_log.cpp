#include "harness/core/report_log.h"

#include <sstream>
#include <stdexcept>

#include "harness/core/optimization_log.h"

namespace fuselab {
namespace {

constexpr const char* kBegin = "<!-- summary:begin -->\n";
constexpr const char* kEnd = "<!-- summary:end -->\n";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

std::string render_log_entries(const std::vector<RecordFile>& records,
                               const std::string& records_dir, const std::string& log_path) {
  std::string out;
  for (const auto& r : records) {
    const std::string link = log_record_link(records_dir, log_path, r.run_id);
    if (r.calibration()) {
      out += render_calibration_entry(r.json, link);
      continue;
    }
    for (const auto& e : r.json["experiments"]) out += render_log_entry(r.json, e, link);
  }
  return out;
}

std::string render_full_log(const std::string& summary, const std::string& entries) {
  return replace_summary(log_header(), summary, "the log header") + entries;
}

std::string replace_summary(const std::string& log_text, const std::string& summary,
                            const std::string& log_path) {
  const std::size_t begin = log_text.find(kBegin), end = log_text.find(kEnd);
  if (count(log_text, kBegin) != 1 || count(log_text, kEnd) != 1 || begin > end)
    throw std::runtime_error(
        log_path + " does not have exactly one `<!-- summary:begin -->` line followed by one "
        "`<!-- summary:end -->` line. Fix: put the two lines back below the header (see git "
        "history), or rebuild the whole log from the records with `fuselab report --rebuild-log`");
  const std::size_t inner = begin + std::string(kBegin).size();
  return log_text.substr(0, inner) + summary + log_text.substr(end);
}

std::vector<std::string> logged_run_ids(const std::string& log_text) {
  std::vector<std::string> ids;
  std::istringstream in(log_text);
  std::string line;
  const std::string prefix = "Record: [";
  while (std::getline(in, line)) {
    if (line.compare(0, prefix.size(), prefix) != 0) continue;
    const auto close = line.find(']', prefix.size());
    if (close != std::string::npos) ids.push_back(line.substr(prefix.size(), close - prefix.size()));
  }
  return ids;
}

}  // namespace fuselab
