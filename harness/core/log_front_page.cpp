#include "harness/core/log_front_page.h"

#include <sstream>

namespace fuselab {
namespace {

// "01:14–23:50" from the first and last record of the day; "—" without one.
std::string time_range(const LogDay& d) {
  if (d.records.empty()) return "—";
  auto hh_mm = [](const RecordFile* r) {
    const std::string s = r->json["started_utc"].get<std::string>();
    return s.size() >= 16 ? s.substr(11, 5) : s;
  };
  return hh_mm(d.records.front()) + "–" + hh_mm(d.records.back());
}

}  // namespace

std::string render_front_page(const std::string& summary, const std::vector<LogDay>& days,
                              const std::string& entries_link, const std::string& notes_link) {
  std::ostringstream o;
  o << "# fuselab optimization log\n\n"
    << "The notebook's front page, regenerated whole by `fuselab report` from the run records (reports/runs/) "
       "and the hand-written notes (reports/notes/); do not edit it. The entries — one per experiment per run, "
       "appended by `fuselab run` — are in one file per UTC day under [" << entries_link << "/](" << entries_link
    << "/), listed at the end with that day's notes. Findings written by hand belong in reports/notes/ "
       "(`<UTC stamp>-<slug>.md`); a note is listed under each family whose name it contains.\n"
    << summary
    << "## Dated entries\n\n"
    << "| day | UTC | runs | entries | notes |\n|---|---|---:|---:|---|\n";
  for (const auto& d : days) {
    std::string notes;
    for (const auto* n : d.notes)
      notes += (notes.empty() ? "" : ", ") + std::string("[") + n->key.substr(n->key.find('-') + 1) + "](" +
               notes_link + "/" + n->key + ".md)";
    o << "| [" << d.day << "](" << entries_link << "/" << d.day << ".md) | " << time_range(d) << " | "
      << d.records.size() << " | " << d.entries() << " | " << (notes.empty() ? "—" : notes) << " |\n";
  }
  return o.str();
}

}  // namespace fuselab
