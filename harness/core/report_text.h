// How the report's markdown writes one value (a median, a fraction, a
// verdict, a speedup over a peer), shared by the family report's tables
// (report_markdown.cpp) and its answer section (report_answer.cpp) so both
// print the same number the same way.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/core/compare.h"
#include "harness/core/format_number.h"
#include "harness/core/report_model.h"

namespace fuselab::report_text {

inline constexpr const char* kDash = "—";

// A cold median in µs, or a dash where there is no cell.
inline std::string us(const ReportCell* c) { return c ? format_number("%.2f", c->median_us) : kDash; }
inline std::string percent(const std::optional<double>& f) {
  return f ? format_number("%.1f%%", *f * 100) : kDash;
}
// num's median over den's: > 1 means den is faster.
inline std::string ratio(const ReportCell* num, const ReportCell* den) {
  return num && den ? format_number("%.2f×", num->median_us / den->median_us) : kDash;
}
// A string field of a record entry, or empty.
inline std::string str(const nlohmann::json* e, const char* key) {
  return e && e->contains(key) && (*e)[key].is_string() ? (*e)[key].get<std::string>() : "";
}
// The verdict the reports show for a version (its verdict entry's).
inline std::string verdict(const ReportExperiment& x) {
  const nlohmann::json* e = x.verdict_entry;
  return e && e->contains("verdict") ? (*e)["verdict"].value("value", std::string(kDash)) : kDash;
}
// Text fit for one table cell: no line breaks, no column bars.
inline std::string one_line(std::string s) {
  for (char& ch : s)
    if (ch == '\n' || ch == '|') ch = ch == '|' ? '/' : ' ';
  return s;
}
// The id without its family prefix (attention/v001_x -> v001_x).
inline std::string short_id(const std::string& id, const FamilyModel& f) {
  return id.rfind(f.family + "/", 0) == 0 ? id.substr(f.family.size() + 1) : id;
}
// Ours against a peer on one case: the peer's median over ours with compare's
// 95 % bootstrap interval on the raw cold samples and its call, e.g.
// "1.52× [1.49, 1.55] FASTER"; a dash without samples on both sides.
inline std::string speedup_with_interval(const ReportCell* peer, const ReportCell* ours) {
  if (!peer || !ours || peer->samples_us.empty() || ours->samples_us.empty()) return kDash;
  const Speedup s = call_speedup(peer->samples_us, ours->samples_us);
  return format_number("%.2f×", s.ratio.mid) + " [" + format_number("%.2f", s.ratio.low) + ", " +
         format_number("%.2f", s.ratio.high) + "] " + call_name(s.call);
}

}  // namespace fuselab::report_text
