#include "harness/core/report_answer.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "harness/core/report_text.h"

namespace fuselab {
namespace {

using namespace report_text;

constexpr const char* kShortGroup = "Short sequences (B·Hq·Sq up to 4096 query rows)";
constexpr const char* kLlmGroup = "LLM-like (more than 4096 query rows)";
constexpr const char* kOtherGroup = "Other cases (no sequence length in the name)";
constexpr std::size_t kHypothesisChars = 140;

// The first sentence of a text (up to ". "), cut to `limit` characters.
std::string first_sentence(const std::string& text, std::size_t limit) {
  std::string s = one_line(text.substr(0, text.find(". ")));
  if (s.size() > limit) {
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    s = s.substr(0, cut) + "…";
  }
  return s;
}

// A verdict reason's first clause (the reasons list cases with "; ").
std::string reason_head(const ReportExperiment& v) {
  const nlohmann::json* e = v.verdict_entry;
  const std::string reason =
      e && e->contains("verdict") ? (*e)["verdict"].value("reason", std::string()) : std::string();
  std::string head = one_line(reason.substr(0, reason.find("; ")));
  while (!head.empty() && (head.back() == ' ' || head.back() == ';')) head.pop_back();
  return head;
}

// What a step gained: its parent's cold median over its own on the first of
// the winner's cases both timed, and its verdict's first clause.
std::string step_gain(const FamilyModel& f, const std::string& parent, const ReportExperiment& step,
                      const std::vector<std::string>& cases) {
  std::string out;
  for (const auto& c : cases)
    if (const ReportCell *p = f.cell(parent, c), *s = f.cell(step.id, c); p && s) {
      out = ratio(p, s) + " over " + short_id(parent, f) + " on " + c;
      break;
    }
  const std::string reason = reason_head(step);
  if (!reason.empty()) out += (out.empty() ? "" : "; ") + std::string("verdict: ") + reason;
  return out.empty() ? std::string("no timing of it and its parent on these cases") : out;
}

void chain(std::ostringstream& o, const FamilyModel& f, const ReportExperiment& winner,
           const std::vector<std::string>& cases) {
  const std::vector<std::string> path = f.ancestry(winner.id);
  o << "\nPath to " << winner.label << " (fastest on";
  for (std::size_t i = 0; i < cases.size(); ++i) o << (i ? ", " : " ") << cases[i];
  o << "): ";
  for (std::size_t i = 0; i < path.size(); ++i) o << (i ? " → " : "") << short_id(path[i], f);
  if (!f.baseline.empty() && (path.empty() || path.front() != f.baseline))
    o << " (its lineage does not reach " << short_id(f.baseline, f) << ")";
  o << ". CONFIRMED steps on it:\n\n";
  int shown = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const ReportExperiment* v = f.version(path[i]);
    if (verdict(*v) != "CONFIRMED") continue;
    ++shown;
    o << "- " << v->label << ": " << first_sentence(str(v->declaration, "hypothesis"), kHypothesisChars) << " — "
      << (i ? step_gain(f, path[i - 1], *v, cases) : reason_head(*v)) << "\n";
  }
  if (!shown) o << "- none: no version on this path has a CONFIRMED verdict shown.\n";
}

}  // namespace

std::string case_group(const std::string& case_name) {
  long long rows = 1;
  bool has_seq = false;
  std::istringstream tokens(case_name);
  for (std::string t; std::getline(tokens, t, '_');) {
    std::size_t digits = 0;
    if (t.size() < 2 || !std::isdigit(static_cast<unsigned char>(t[1]))) continue;
    const long long n = std::stoll(t.substr(1, 12), &digits);
    if (t[0] == 's') has_seq = true;
    if (t[0] == 'b' || t[0] == 'h' || t[0] == 'n' || t[0] == 's') rows *= n;
  }
  return !has_seq ? kOtherGroup : rows <= kShortRows ? kShortGroup : kLlmGroup;
}

std::vector<std::string> winner_path_ids(const FamilyModel& f) {
  std::set<std::string> ids;
  for (const auto& c : f.cases)
    if (const ReportExperiment* w = f.fastest_version(c, true))
      for (const auto& id : f.ancestry(w->id)) ids.insert(id);
  return {ids.begin(), ids.end()};
}

std::string render_answer(const FamilyModel& f, const std::string& lineage_link) {
  std::ostringstream o;
  o << "## Answer\n\n"
    << "Per timed case: the fastest version whose check passed (its latest result), its cold median, its speedup "
       "over each PyTorch peer (the peer's median over its own, 95 % bootstrap interval on the raw cold samples, "
       "compare's call) and its share of the copy and FP32 ceilings; then the path from the baseline to each "
       "winner and the CONFIRMED steps on it, each with what it gained over its parent. Cases are grouped by the "
       "query rows their name spells (B·Hq·Sq): short sequences up to "
    << kShortRows << " rows, LLM-like above.";
  if (!lineage_link.empty())
    o << " The lineage as a picture: [" << lineage_link << "](" << lineage_link
      << ") (green CONFIRMED, red REFUTED, grey INCONCLUSIVE, white other; archived versions dashed and faint; "
         "the paths to these winners bold).";
  o << "\n";
  if (f.cases.empty()) {
    o << "\nNo timed case yet.\n\n";
    return o.str();
  }
  std::vector<std::string> groups;
  for (const auto& c : f.cases)
    if (std::find(groups.begin(), groups.end(), case_group(c)) == groups.end()) groups.push_back(case_group(c));
  for (const auto& g : groups) {
    o << "\n### " << g << "\n\n| case | fastest passing version | cold median µs |";
    for (const auto& p : f.peers) o << " vs " << p.id << " |";
    o << " % copy | % FP32 |\n|---|---|---:|";
    for (std::size_t i = 0; i < f.peers.size(); ++i) o << "---|";
    o << "---:|---:|\n";
    std::vector<const ReportExperiment*> winners;  // in the order of their first case
    std::map<std::string, std::vector<std::string>> won;
    for (const auto& c : f.cases) {
      if (case_group(c) != g) continue;
      const ReportExperiment* w = f.fastest_version(c, true);
      if (!w) {
        o << "| " << c << " | no passing version | " << kDash << " |";
        for (std::size_t i = 0; i < f.peers.size(); ++i) o << " " << kDash << " |";
        o << " " << kDash << " | " << kDash << " |\n";
        continue;
      }
      if (!won.count(w->id)) winners.push_back(w);
      won[w->id].push_back(c);
      const ReportCell* cell = f.cell(w->id, c);
      o << "| " << c << " | " << w->label << (w->archived_at.empty() ? "" : " (archived)") << " | " << us(cell)
        << " |";
      for (const auto& p : f.peers) o << " " << speedup_with_interval(f.cell(p.id, c), cell) << " |";
      o << " " << percent(cell->copy_fraction) << " | " << percent(cell->fp32_fraction) << " |\n";
    }
    for (const ReportExperiment* w : winners) chain(o, f, *w, won[w->id]);
  }
  o << "\n";
  return o.str();
}

}  // namespace fuselab
