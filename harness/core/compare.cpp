// Building the compare matrix: resolve the ids against the records, pick the
// result per (column, case), compute the speedups and the noise calls, flag
// environment mismatches. The renderings are in compare_format.cpp.
#include "harness/core/case_patterns.h"
#include "harness/core/compare.h"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <stdexcept>

namespace fuselab {
namespace {

using nlohmann::json;

struct IdInfo {
  std::set<std::string> families;
  bool peer = false;
  bool instrument = false;  // canary or CPU backend: only when named explicitly
};

using Known = std::map<std::string, IdInfo>;

Known known_ids(const std::vector<CaseResult>& results) {
  Known known;
  for (const auto& r : results) {
    IdInfo& info = known[r.experiment_id];
    info.families.insert(r.family);
    info.peer |= r.peer;
    info.instrument |= r.experiment->value("canary", false) ||
                       r.experiment->value("backend", std::string()) == "cpu";
  }
  return known;
}

bool is_glob(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

// The version number of "family/v012_slug" (12), or -1.
int version_number(const std::string& id) {
  static const std::regex form("[a-z0-9_]+/v([0-9]+)(_.*)?");
  std::smatch m;
  return std::regex_match(id, m, form) ? std::stoi(m[1].str()) : -1;
}

std::string family_of(const std::string& id) { return id.substr(0, id.find('/')); }

std::string list_ids(const Known& known) {
  std::string out;
  for (const auto& [id, info] : known) {
    out += "\n  " + id;
    if (info.peer) {
      out += " (peer:";
      for (const auto& f : info.families) out += " " + f;
      out += ")";
    }
  }
  return out;
}

// Every id a pattern names, sorted; empty when none.
std::vector<std::string> resolve_pattern(const std::string& pattern, const Known& known) {
  std::vector<std::string> out;
  if (known.count(pattern)) return {pattern};
  static const std::regex short_form("([a-z0-9_]+)/v([0-9]+)");
  std::smatch m;
  const bool is_short = std::regex_match(pattern, m, short_form);
  const bool is_family = pattern.find('/') == std::string::npos && !is_glob(pattern);
  for (const auto& [id, info] : known) {
    bool hit = false;
    if (is_short)
      hit = family_of(id) == m[1].str() && version_number(id) == std::stoi(m[2].str());
    else if (is_family)
      hit = !info.peer && !info.instrument && family_of(id) == pattern;
    else if (is_glob(pattern))
      hit = !info.instrument && fnmatch(pattern.c_str(), id.c_str(), 0) == 0;
    if (hit) out.push_back(id);
  }
  return out;
}

std::vector<double> samples(const json& case_entry, const char* mode) {
  if (!case_entry.contains("timing")) return {};
  const json& t = case_entry["timing"];
  if (!t.contains(mode) || !t[mode].contains("samples")) return {};
  return t[mode]["samples"].get<std::vector<double>>();
}

std::optional<double> number_at(const json& j, const char* a, const char* b) {
  if (!j.contains(a) || !j[a].is_object() || !j[a].contains(b) || !j[a][b].is_number())
    return std::nullopt;
  return j[a][b].get<double>();
}

struct Token {
  std::string pattern, run;  // run: the pinned run of ID@RUN_ID
};

Token split_token(const std::string& s) {
  const auto at = s.find('@');
  if (at == std::string::npos) return {s, ""};
  return {s.substr(0, at), s.substr(at + 1)};
}

}  // namespace

const char* call_name(Call c) {
  switch (c) {
    case Call::Faster:
      return "FASTER";
    case Call::Slower:
      return "SLOWER";
    case Call::Same:
      return "SAME";
  }
  return "?";
}

Speedup call_speedup(const std::vector<double>& baseline, const std::vector<double>& candidate,
                     double floor, double confidence) {
  Speedup s;
  s.ratio = bootstrap_ratio_of_medians(baseline, candidate, confidence);
  const bool contains_one = s.ratio.low <= 1.0 && s.ratio.high >= 1.0;
  if (contains_one || std::fabs(s.ratio.mid - 1.0) < floor || !std::isfinite(s.ratio.mid))
    s.call = Call::Same;
  else
    s.call = s.ratio.low > 1.0 ? Call::Faster : Call::Slower;
  return s;
}

CompareMatrix build_compare(const RecordIndex& index, const CompareOptions& options) {
  if (options.ids.empty())
    throw std::runtime_error("compare needs at least one id. Fix: fuselab compare ID [ID...]");
  std::vector<std::string> runs;
  for (const auto& r : options.runs)
    if (r != "latest") runs.push_back(r);
  for (const auto& r : runs) index.run(r);  // an unknown run id throws here
  const std::string where =
      runs.empty() ? std::to_string(index.records().size()) + " records in " + index.dir()
                   : "runs " + [&] {
                       std::string s;
                       for (const auto& r : runs) s += (s.empty() ? "" : ", ") + r;
                       return s;
                     }();

  // Results per run selection: the --runs one, and one per pinned run.
  std::map<std::string, std::vector<CaseResult>> latest_by_selection;
  auto latest_for = [&](const std::string& pinned) -> const std::vector<CaseResult>& {
    auto it = latest_by_selection.find(pinned);
    if (it != latest_by_selection.end()) return it->second;
    return latest_by_selection[pinned] =
               pinned.empty() ? index.latest(runs) : index.latest({pinned});
  };

  // Resolve every token to (id, pinned run), remembering peers for later.
  struct Resolved {
    std::string id, pinned, label;
    bool peer;
  };
  std::vector<Resolved> resolved;
  std::set<std::string> families;
  std::set<std::string> seen_labels;
  for (const auto& raw : options.ids) {
    const Token token = split_token(raw);
    if (!token.run.empty()) index.run(token.run);
    const Known known = known_ids(latest_for(token.run));
    const auto ids = resolve_pattern(token.pattern, known);
    if (ids.empty())
      throw std::runtime_error(
          "no run record has results for '" + token.pattern + "' (searched " +
          (token.run.empty() ? where : "run " + token.run) + "). Fix: run it first (`fuselab run " +
          token.pattern +
          "`), or use an id the records hold:" + (known.empty() ? " (none)" : list_ids(known)));
    for (const auto& id : ids) {
      const IdInfo& info = known.at(id);
      const std::string label = token.run.empty() ? id : id + "@" + token.run;
      if (!seen_labels.insert(label).second) continue;
      resolved.push_back({id, token.run, label, info.peer});
      if (!info.peer) families.insert(family_of(id));
    }
  }

  // One family; peers join it.
  std::string family;
  if (families.size() > 1) {
    std::string list;
    for (const auto& r : resolved)
      if (!r.peer) list += "\n  " + r.label + " (" + family_of(r.id) + ")";
    throw std::runtime_error(
        "compare takes versions of one family, these ids span " + std::to_string(families.size()) +
        ":" + list + "\nFix: compare one family at a time; peers (torch/...) join any family");
  }
  if (families.size() == 1) {
    family = *families.begin();
  } else {
    std::set<std::string> common;
    bool first = true;
    for (const auto& r : resolved) {
      const auto& fs = known_ids(latest_for(r.pinned)).at(r.id).families;
      if (first)
        common = fs;
      else {
        std::set<std::string> keep;
        for (const auto& f : fs)
          if (common.count(f)) keep.insert(f);
        common = keep;
      }
      first = false;
    }
    if (common.size() != 1)
      throw std::runtime_error(
          "peers alone do not say which case family to compare on (" +
          std::to_string(common.size()) +
          " candidates). Fix: add a version of the family as the first id, e.g. "
          "`fuselab compare attention/v000 torch/sdpa_eager`");
    family = *common.begin();
  }

  CompareMatrix m;
  m.family = family;
  m.floor = options.floor;
  m.confidence = options.confidence;
  m.runs = options.runs.empty() ? std::vector<std::string>{"latest"} : options.runs;

  // Per column: case -> result, on this family, filtered by --case.
  std::vector<std::map<std::string, const CaseResult*>> by_case;
  std::set<std::string> case_names;
  for (const auto& r : resolved) {
    std::map<std::string, const CaseResult*> cases;
    for (const auto& c : latest_for(r.pinned))
      if (c.experiment_id == r.id && c.family == family &&
          case_selected_by(options.case_patterns, c.case_name))
        cases[c.case_name] = &c;
    if (cases.empty() && options.case_patterns.empty())
      throw std::runtime_error("no run record has results for " + r.label + " on family " + family +
                               " (searched " + (r.pinned.empty() ? where : "run " + r.pinned) +
                               "). Fix: measure it there first, or drop it from the ids");
    for (const auto& [name, c] : cases) case_names.insert(name);
    by_case.push_back(std::move(cases));
    Column col;
    col.label = r.label;
    col.id = r.id;
    col.pinned_run = r.pinned;
    col.peer = r.peer;
    m.columns.push_back(std::move(col));
  }
  if (case_names.empty()) {
    std::string pats;
    for (const auto& p : options.case_patterns) pats += " '" + p + "'";
    throw std::runtime_error("no case of family " + family + " matches --case" + pats +
                             " in the records of these ids. Fix: check the case names "
                             "(experiments/" +
                             family + "/cases.yaml) or drop --case");
  }

  // Rows: cases.yaml order first, then the rest by name.
  std::set<std::string> placed;
  for (const auto& name : options.case_order)
    if (case_names.count(name) && placed.insert(name).second) m.cases.push_back(name);
  for (const auto& name : case_names)
    if (placed.insert(name).second) m.cases.push_back(name);

  // Refuse when no case is timed in every column: nothing to compare.
  const bool any_common = std::any_of(m.cases.begin(), m.cases.end(), [&](const std::string& name) {
    return std::all_of(by_case.begin(), by_case.end(), [&](const auto& cases) {
      auto it = cases.find(name);
      return it != cases.end() && it->second->timed();
    });
  });
  if (!any_common) {
    std::string detail;
    for (std::size_t c = 0; c < m.columns.size(); ++c) {
      int timed = 0;
      for (const auto& [name, r] : by_case[c]) timed += r->timed();
      detail += "\n  " + m.columns[c].label + ": " + std::to_string(timed) + " timed case(s)";
      for (const auto& [name, r] : by_case[c])
        if (r->timed()) detail += " " + name;
    }
    throw std::runtime_error("no case is timed for every id, nothing to compare:" + detail +
                             "\nFix: pick ids measured on a common case, or run the missing ones "
                             "(`fuselab run ID --case NAME`)");
  }

  // The baseline record of a row: column 0's cell, else column 0's newest record.
  std::shared_ptr<const json> column0_record;
  for (const auto& [name, r] : by_case[0])
    if (!column0_record || r->record->value("started_utc", std::string()) + r->run_id >
                               column0_record->value("started_utc", std::string()) +
                                   column0_record->value("run_id", std::string()))
      column0_record = r->record;

  m.cells.assign(m.cases.size(), std::vector<Cell>(m.columns.size()));
  std::vector<std::set<std::string>> col_runs(m.columns.size()), col_mismatch(m.columns.size());
  for (std::size_t row = 0; row < m.cases.size(); ++row) {
    const std::string& name = m.cases[row];
    auto base_it = by_case[0].find(name);
    const CaseResult* base = base_it == by_case[0].end() ? nullptr : base_it->second;
    const json& base_record = base ? *base->record : *column0_record;
    const bool base_peer = m.columns[0].peer;
    for (std::size_t col = 0; col < m.columns.size(); ++col) {
      auto it = by_case[col].find(name);
      if (it == by_case[col].end()) continue;
      const CaseResult& r = *it->second;
      Cell& cell = m.cells[row][col];
      cell.present = true;
      cell.run_id = r.run_id;
      cell.status = r.status();
      cell.pass = cell.status == "passed";
      const json& e = *r.case_entry;
      const auto cold = samples(e, "cold");
      const auto hot = samples(e, "hot");
      if (!cold.empty()) cell.cold = summarize(cold);
      if (!hot.empty()) cell.hot = summarize(hot);
      cell.cold_samples = cold;
      cell.hot_samples = hot;
      cell.max_abs_err = number_at(e, "check", "max_abs_err");
      cell.copy_fraction = number_at(e, "achieved", "copy_fraction");
      cell.fp32_fraction = number_at(e, "achieved", "fp32_fraction");
      cell.env_mismatch = comparability_diff(base_record, *r.record, !base_peer && !r.peer);
      if (col > 0 && base) {
        const auto base_cold = samples(*base->case_entry, "cold");
        const auto base_hot = samples(*base->case_entry, "hot");
        if (!cold.empty() && !base_cold.empty())
          cell.cold_speedup = call_speedup(base_cold, cold, options.floor, options.confidence);
        if (!hot.empty() && !base_hot.empty())
          cell.hot_speedup = call_speedup(base_hot, hot, options.floor, options.confidence);
      }
      col_runs[col].insert(r.run_id);
      if (!cell.env_mismatch.empty()) col_mismatch[col].insert(describe(cell.env_mismatch));
    }
  }
  for (std::size_t col = 0; col < m.columns.size(); ++col) {
    m.columns[col].run_ids.assign(col_runs[col].begin(), col_runs[col].end());
    m.columns[col].env_mismatch.assign(col_mismatch[col].begin(), col_mismatch[col].end());
  }
  return m;
}

}  // namespace fuselab
