#include "harness/core/report_log.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
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

std::vector<LogNote> load_log_notes(const std::string& notes_dir) {
  namespace fs = std::filesystem;
  std::vector<LogNote> notes;
  if (!fs::is_directory(notes_dir)) return notes;
  for (const auto& entry : fs::directory_iterator(notes_dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".md") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof())
      throw std::runtime_error("cannot read note " + entry.path().string() +
                               ". Fix: check the file's permissions");
    notes.push_back({entry.path().stem().string(), text.str()});
  }
  std::sort(notes.begin(), notes.end(),
            [](const LogNote& a, const LogNote& b) { return a.key < b.key; });
  return notes;
}

std::string render_log_entries(const std::vector<RecordFile>& records,
                               const std::vector<LogNote>& notes, const std::string& records_dir,
                               const std::string& log_path) {
  std::string out;
  std::size_t next_note = 0;
  auto notes_before = [&](const std::string& key) {
    for (; next_note < notes.size() && notes[next_note].key < key; ++next_note) {
      out += "\n" + notes[next_note].text;
      if (out.back() != '\n') out += '\n';
    }
  };
  for (const auto& r : records) {
    notes_before(r.run_id);
    const std::string link = log_record_link(records_dir, log_path, r.run_id);
    if (r.calibration()) {
      out += render_calibration_entry(r.json, link);
      continue;
    }
    for (const auto& e : r.json["experiments"]) out += render_log_entry(r.json, e, link);
  }
  notes_before("\x7f");  // the notes after the newest record
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
