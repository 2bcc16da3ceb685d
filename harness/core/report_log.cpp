#include "harness/core/report_log.h"

#include <filesystem>

#include "harness/core/log_entry.h"
#include "harness/core/optimization_log.h"

namespace fuselab {

int LogDay::entries() const {
  int n = 0;
  for (const auto* r : records) n += r->calibration() ? 1 : static_cast<int>(r->json["experiments"].size());
  return n;
}

std::vector<LogDay> log_days(const std::vector<RecordFile>& records, const std::vector<LogNote>& notes) {
  std::map<std::string, LogDay> by_day;
  for (const auto& r : records) by_day[log_day(r.run_id)].records.push_back(&r);
  for (const auto& n : notes) by_day[log_day(n.key)].notes.push_back(&n);
  std::vector<LogDay> days;
  for (auto& [day, d] : by_day) {
    d.day = day;
    days.push_back(std::move(d));
  }
  return days;
}

std::map<std::string, std::string> render_log_files(const std::vector<LogDay>& days, const std::string& records_dir,
                                                    const std::string& notes_dir, const std::string& log_path) {
  namespace fs = std::filesystem;
  const std::string dir = log_entries_dir(log_path);
  const std::string front_page = fs::relative(fs::absolute(log_path), dir).string();
  std::map<std::string, std::string> files;
  for (const auto& d : days) {
    std::string out = log_day_header(d.day, front_page);
    std::size_t next_note = 0;
    auto notes_before = [&](const std::string& key) {
      for (; next_note < d.notes.size() && d.notes[next_note]->key < key; ++next_note) {
        const LogNote& n = *d.notes[next_note];
        out += render_note_entry(n, fs::relative(fs::absolute(notes_dir) / (n.key + ".md"), dir).string());
      }
    };
    for (const auto* r : d.records) {
      notes_before(r->run_id);
      const std::string link = log_record_link(records_dir, dir, r->run_id);
      out += r->calibration() ? render_calibration_entry(r->json, link) : render_run_entries(r->json, link);
    }
    notes_before("\x7f");  // the notes after the day's newest record
    files[log_day_file(log_path, d.day)] = out;
  }
  return files;
}

}  // namespace fuselab
