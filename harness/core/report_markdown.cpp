#include "harness/core/report_markdown.h"

#include "harness/core/compare.h"
#include "harness/core/device_code.h"
#include "harness/core/format_number.h"
#include "harness/core/optimization_log.h"
#include "harness/core/record_format.h"
#include "harness/core/report_answer.h"
#include "harness/core/report_text.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

namespace fuselab {
namespace {

using nlohmann::json;

// The front page lists a family's newest notes; its report lists them all.
constexpr std::size_t kNotesPerFamily = 12;

constexpr auto fmt = &format_number;
using report_text::kDash;
using report_text::one_line;
using report_text::percent;
using report_text::ratio;
using report_text::short_id;
using report_text::str;
using report_text::us;
using report_text::verdict;

// The device code behind the verdict shown, where its record has it.
std::string device_code_note(const ReportExperiment& x) {
  const json* e = x.verdict_entry ? x.verdict_entry : x.declaration;
  const std::string digest = e ? device_code_digest(e->value("device_code", json())) : "";
  return digest.empty() ? "" : ", SASS `" + digest + "`";
}
// The fastest of our versions on a case (ties: the lower id), passing or not.
const ReportExperiment* best_version(const FamilyModel& f, const std::string& case_name) {
  return f.fastest_version(case_name, false);
}

// Where a family stands on one target: the closest version (none where no
// version timed the case; for a time the fastest, for a fraction of the copy
// ceiling the largest, the ceilings being each run's own), its figure, and
// whether that meets the bound.
struct TargetStatus {
  const ReportExperiment* closest = nullptr;
  std::string measured = kDash;
  bool met = false;
};

TargetStatus target_status(const FamilyModel& f, const Target& t) {
  TargetStatus s;
  if (t.max_us) {
    s.closest = best_version(f, t.case_name);
    if (s.closest) {
      const double v = f.cell(s.closest->id, t.case_name)->median_us;
      s.measured = fmt("%.2f", v) + " µs";
      s.met = v <= *t.max_us;
    }
    return s;
  }
  std::optional<double> top;
  for (const auto& v : f.versions)
    if (const ReportCell* c = f.cell(v.id, t.case_name); c && c->copy_fraction && (!top || *c->copy_fraction > *top)) {
      top = c->copy_fraction;
      s.closest = &v;
    }
  if (s.closest) {
    s.measured = percent(top);
    s.met = *top >= *t.min_copy_fraction;
  }
  return s;
}

std::string target_bound(const Target& t) {
  return t.max_us ? "≤ " + fmt("%g", *t.max_us) + " µs" : "≥ " + percent(t.min_copy_fraction) + " of the copy ceiling";
}

std::string verdict_counts(const FamilyModel& f) {
  std::map<std::string, int> counts;
  for (const auto& v : f.versions) ++counts[verdict(v)];
  std::string out;
  for (const char* v : {"CONFIRMED", "REFUTED", "INCONCLUSIVE", "INVALID", "UNTESTED"}) {
    const auto it = counts.find(v);
    if (it == counts.end()) continue;
    out += (out.empty() ? "" : ", ") + std::to_string(it->second) + " " + v;
    counts.erase(it);
  }
  for (const auto& [v, n] : counts) out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + v;
  return out;
}

std::string newest_run(const std::vector<RecordFile>& records) {
  return records.empty() ? std::string("none") : records.back().run_id;
}

// A versions-and-peers × cases table; `value` renders one cell.
template <class F>
void matrix(std::ostringstream& o, const FamilyModel& f, const std::string& title, bool with_peers,
            F value) {
  o << "\n### " << title << "\n\n| version |";
  for (const auto& c : f.cases) o << " " << c << " |";
  o << "\n|---|";
  for (std::size_t i = 0; i < f.cases.size(); ++i) o << "---:|";
  o << "\n";
  auto row = [&](const ReportExperiment& x) {
    o << "| " << x.label << " |";
    for (const auto& c : f.cases) o << " " << value(x, c) << " |";
    o << "\n";
  };
  for (const auto& v : f.versions) row(v);
  if (with_peers)
    for (const auto& p : f.peers) row(p);
}

}  // namespace

std::vector<std::string> plot_files(const FamilyModel& f) {
  std::vector<std::string> out = {"plots/" + f.family + "-time.svg",
                                  "plots/" + f.family + "-copy-fraction.svg"};
  if (!f.peers.empty()) out.push_back("plots/" + f.family + "-vs-pytorch.svg");
  return out;
}

// The family's targets, each against the version that comes closest: the table.
static void targets_rows(std::ostringstream& o, const FamilyModel& f, const std::vector<Target>& targets) {
  o << "| case | target | closest version | measured | met | measured floor | source |\n"
       "|---|---|---|---:|---|---|---|\n";
  for (const auto& t : targets) {
    const TargetStatus s = target_status(f, t);
    std::string floors;
    for (const auto& fl : t.floors)
      floors += (floors.empty() ? "" : "; ") + format_number("%.2f", fl.us) + " µs: " + one_line(fl.what) + " (" +
                one_line(fl.source) + ")";
    o << "| " << t.case_name << " | " << target_bound(t) << " | "
      << (s.closest ? s.closest->label : std::string(kDash)) << " | " << s.measured << " | "
      << (!s.closest ? "not timed" : s.met ? "yes" : "no") << " | "
      << (floors.empty() ? std::string("none measured") : floors) << " | "
      << (t.source.empty() ? std::string(kDash) : one_line(t.source)) << " |\n";
  }
}

static void targets_table(std::ostringstream& o, const FamilyModel& f, const std::vector<Target>& targets) {
  if (targets.empty()) return;
  o << "## Targets\n\nThe numeric done criteria in experiments/" << f.family
    << "/targets.yaml, each against the version that comes closest on its case (the latest result of each "
       "version, as in every table here).\n\n";
  targets_rows(o, f, targets);
  o << "\n";
}

// The notes about a family, newest first, at most `limit` of them; links
// are `notes_link`/<key>.md.
static void notes_list(std::ostringstream& o, const std::vector<const LogNote*>& notes, const std::string& notes_link,
                       std::size_t limit) {
  std::size_t shown = 0;
  for (auto it = notes.rbegin(); it != notes.rend() && shown < limit; ++it, ++shown)
    o << "- [" << one_line(note_title(**it)) << "](" << notes_link << "/" << (*it)->key << ".md) ("
      << log_day((*it)->key) << ")\n";
}

std::string render_readme_answer(const std::vector<FamilyModel>& families, const std::string& reports_link) {
  std::vector<const FamilyModel*> shown;
  std::vector<std::string> shapes;  // in the order the families' cases first give them
  for (const auto& f : families) {
    if (f.versions.empty()) continue;
    shown.push_back(&f);
    for (const auto& c : f.cases)
      if (std::find(shapes.begin(), shapes.end(), f.shape.at(c)) == shapes.end()) shapes.push_back(f.shape.at(c));
  }
  std::ostringstream o;
  o << "\nPer case shape and family: the fastest version whose check passed, its cold median, its speedup over "
       "the fastest PyTorch peer on that case and its share of the copy ceiling (latest results; a family with "
       "several cases of one shape: its first; each family's report has them all).\n\n| shape |";
  for (const auto* f : shown) o << " [" << f->family << "](" << reports_link << "/" << f->family << ".md) |";
  o << "\n|---|";
  for (std::size_t i = 0; i < shown.size(); ++i) o << "---|";
  o << "\n";
  for (const auto& shape : shapes) {
    o << "| " << shape << " |";
    for (const auto* f : shown) {
      const auto c = std::find_if(f->cases.begin(), f->cases.end(),
                                  [&](const std::string& name) { return f->shape.at(name) == shape; });
      const ReportExperiment* best = c == f->cases.end() ? nullptr : f->fastest_version(*c, true);
      if (c == f->cases.end()) {
        o << " |";
      } else if (!best) {
        o << " no passing version |";
      } else {
        const ReportCell* cell = f->cell(best->id, *c);
        const ReportCell* torch = f->best_peer(*c);
        o << " " << best->label << " · " << us(cell) << " µs · " << (torch ? ratio(torch, cell) : "no peer")
          << " · " << percent(cell->copy_fraction) << " |";
      }
    }
    o << "\n";
  }
  o << "\n";
  return o.str();
}

std::string render_log_summary(const std::vector<FamilyModel>& families,
                               const std::vector<RecordFile>& records,
                               const std::string& reports_link,
                               const std::map<std::string, std::vector<Target>>& targets,
                               const std::vector<LogNote>& notes, const std::string& notes_link) {
  std::ostringstream o;
  o << "\n## Summary\n\n"
    << "Regenerated by `fuselab report` from the " << records.size()
    << " run records in reports/runs/ (newest " << newest_run(records)
    << "). Per family: the fastest version on each timed case (latest result of each "
       "version), its cold median, its fraction of the copy ceiling, its speedup over the "
       "family's v000 baseline and over the fastest PyTorch peer where one was measured. "
       "Verdicts are each version's latest that tested its prediction on its current source.\n";
  for (const auto& f : families) {
    if (f.versions.empty()) continue;
    o << "\n### " << f.family << "\n\n"
      << f.versions.size() << " versions: " << verdict_counts(f) << ". "
      << "[Report](" << reports_link << "/" << f.family << ".md).";
    const auto family_targets = targets.find(f.family);
    const bool with_targets = family_targets != targets.end() && !family_targets->second.empty();
    if (with_targets) {
      int met = 0;
      for (const auto& t : family_targets->second) met += target_status(f, t).met;
      o << " Targets met: " << met << " of " << family_targets->second.size() << ".";
    }
    o << "\n\n"
      << "| case | fastest version | cold median µs | % copy | vs "
      << (f.baseline.empty() ? std::string("v000") : short_id(f.baseline, f))
      << " | vs PyTorch |\n|---|---|---:|---:|---:|---:|\n";
    for (const auto& c : f.cases) {
      const ReportExperiment* best = best_version(f, c);
      if (!best) continue;
      const ReportCell* cell = f.cell(best->id, c);
      std::string peer;
      const ReportCell* torch = f.best_peer(c, &peer);
      o << "| " << c << " | " << best->label << " | " << us(cell) << " | "
        << percent(cell->copy_fraction) << " | "
        << (f.baseline.empty() ? kDash : ratio(f.cell(f.baseline, c), cell)) << " | "
        << (torch ? ratio(torch, cell) + " (" + peer + ")" : kDash) << " |\n";
    }
    if (with_targets) {
      o << "\nTargets (experiments/" << f.family << "/targets.yaml):\n\n";
      targets_rows(o, f, family_targets->second);
    }
    const auto about = notes_about(notes, f.family);
    if (!about.empty()) {
      o << "\nNotes that name " << f.family << " (" << about.size() << ", newest first"
        << (about.size() > kNotesPerFamily ? "; the older ones in its report" : "") << "):\n\n";
      notes_list(o, about, notes_link, kNotesPerFamily);
    }
  }
  o << "\n";
  return o.str();
}

// Per case: the fastest version against each PyTorch peer, the speedup with
// its 95 % bootstrap interval (raw cold samples of both) and compare's call.
void best_against_peers(std::ostringstream& o, const FamilyModel& f) {
  o << "\n### Fastest version against PyTorch (speedup [95 % interval], call)\n\n| case | "
       "fastest version | µs |";
  for (const auto& p : f.peers) o << " " << p.id << " µs | speedup over it |";
  o << "\n|---|---|---:|";
  for (std::size_t i = 0; i < f.peers.size(); ++i) o << "---:|---|";
  o << "\n";
  for (const auto& c : f.cases) {
    const ReportExperiment* best = best_version(f, c);
    if (!best) continue;
    const ReportCell* ours = f.cell(best->id, c);
    o << "| " << c << " | " << best->label << " | " << us(ours) << " |";
    for (const auto& p : f.peers) {
      const ReportCell* peer = f.cell(p.id, c);
      o << " " << us(peer) << " | " << report_text::speedup_with_interval(peer, ours) << " |";
    }
    o << "\n";
  }
}

std::string render_family_report(const FamilyModel& f, const std::string& runs_link,
                                 const std::vector<std::string>& plots, const std::vector<Target>& targets,
                                 const std::vector<const LogNote*>& notes, const std::string& notes_link,
                                 const std::string& lineage_link) {
  std::ostringstream o;
  o << "# " << f.family << "\n\n"
    << "Generated by `fuselab report` from the run records in reports/runs/; do not edit. "
       "Every number is the latest result of each version on each case (cold, L2 flushed, "
       "median of the run's samples). A version's verdict is the latest that tested its prediction "
       "on its current source: a later run that only timed it as a baseline (UNTESTED) does not "
       "replace it.\n\n";
  // The answer first, then what bounds it and what explains it; the full
  // tables after.
  o << render_answer(f, lineage_link);
  targets_table(o, f, targets);
  if (!notes.empty()) {
    o << "## Notes\n\nThe hand-written notes (reports/notes/) that name " << f.family << ", newest first:\n\n";
    notes_list(o, notes, notes_link, notes.size());
    o << "\n";
  }
  o << "## Lineage\n\n"
    << "Source: whether the code behind the verdict is the code built now — `current` (the record's include "
       "closure, every repository file compiled and the flags, is this build's), `current: same SASS as RUN` (another "
       "closure, but every kernel's SASS on record is that of RUN, a record on this build's closure whose checks all "
       "passed: docs/provenance.md), `changed since`, `no closure on "
       "record` (a record older than closure hashes), or archived: left the default build, and `fuselab run ID "
       "--at COMMIT` rebuilds it from the commit named. `SASS` names the device code the verdict's run launched "
       "(12 hex digits of a hash over its kernels' SASS hashes), where the record has it.\n\n"
    << "| version | parent | verdict | run | source |\n|---|---|---|---|---|\n";
  for (const auto& v : f.versions) {
    const std::string parent = str(v.declaration, "parent");
    o << "| " << v.label << " | " << (parent.empty() ? kDash : short_id(parent, f)) << " | "
      << verdict(v) << " | [" << v.verdict_run << "](" << runs_link << "/" << record_file_name(v.verdict_run) << ") | "
      << v.source_state << device_code_note(v) << " |\n";
  }
  for (const auto& v : f.versions) {
    const json* e = v.declaration;
    const std::string parent = str(e, "parent");
    o << "\n### " << v.label;
    if (!parent.empty()) o << " ← " << short_id(parent, f);
    if (!v.archived_at.empty()) o << " (archived)";
    o << " — " << verdict(v) << "\n\n"
      << "- Hypothesis: " << one_line(str(e, "hypothesis")) << "\n"
      << "- Prediction: " << one_line(e ? (*e)["prediction"].value("text", std::string()) : "")
      << "\n"
      << "- Verdict: " << verdict(v) << " — "
      << one_line(v.verdict_entry ? v.verdict_entry->value("verdict", json::object()).value("reason", std::string())
                                  : "")
      << (v.verdict_run != v.declaration_run ? " (run " + v.verdict_run + ")" : std::string()) << "\n";
  }
  if (!f.peers.empty()) {
    o << "\n## PyTorch peers\n\n";
    for (const auto& p : f.peers) {
      const std::string h = str(p.declaration, "hypothesis");
      o << "- " << p.id << (h.empty() ? "" : ": " + one_line(h)) << " (run [" << p.declaration_run
        << "](" << runs_link << "/" << record_file_name(p.declaration_run) << "))\n";
    }
  }
  o << "\n## Side by side\n";
  if (f.cases.empty()) {
    o << "\nNo timed case yet.\n";
  } else {
    matrix(o, f, "Cold median µs (fastest version in bold)", true,
           [&](const ReportExperiment& x, const std::string& c) {
             const ReportCell* cell = f.cell(x.id, c);
             const ReportExperiment* best = best_version(f, c);
             return !x.peer && best && best->id == x.id ? "**" + us(cell) + "**" : us(cell);
           });
    if (!f.baseline.empty())
      matrix(o, f, "Speedup over " + short_id(f.baseline, f) + " (its median / this median)", true,
             [&](const ReportExperiment& x, const std::string& c) {
               return ratio(f.cell(f.baseline, c), f.cell(x.id, c));
             });
    if (!f.peers.empty())
      matrix(o, f, "Speedup over the fastest PyTorch peer", false,
             [&](const ReportExperiment& x, const std::string& c) {
               return ratio(f.best_peer(c), f.cell(x.id, c));
             });
    if (!f.peers.empty()) best_against_peers(o, f);
    matrix(o, f, "Fraction of the copy ceiling (minimal traffic / time)", true,
           [&](const ReportExperiment& x, const std::string& c) {
             const ReportCell* cell = f.cell(x.id, c);
             return cell ? percent(cell->copy_fraction) : std::string(kDash);
           });
    matrix(o, f, "Fraction of the FP32 ceiling (minimal FLOPs / time)", true,
           [&](const ReportExperiment& x, const std::string& c) {
             const ReportCell* cell = f.cell(x.id, c);
             return cell ? percent(cell->fp32_fraction) : std::string(kDash);
           });
  }
  o << "\n## Plots\n\nThe versions in the default build and the PyTorch peers; archived versions are in the tables "
       "above.\n\n";
  for (const auto& p : plots) o << "![" << p << "](" << p << ")\n";
  return o.str();
}

std::string render_reports_index(const std::vector<FamilyModel>& families,
                                 const std::vector<RecordFile>& records,
                                 const std::string& runs_link) {
  std::ostringstream o;
  o << "# fuselab reports\n\n"
    << "Generated by `fuselab report` from the " << records.size()
    << " run records in reports/runs/; do not edit. The lab notebook's front page is "
       "[OPTIMIZATION_LOG.md](../OPTIMIZATION_LOG.md); its entries, one file per UTC day, are in [log/](log/).\n\n"
    << "## Families\n\n| family | versions | verdicts | PyTorch peers | timed cases |\n"
    << "|---|---:|---|---|---:|\n";
  for (const auto& f : families) {
    std::string peers;
    for (const auto& p : f.peers) peers += (peers.empty() ? "" : ", ") + p.id;
    o << "| [" << f.family << "](" << f.family << ".md) | " << f.versions.size() << " | "
      << verdict_counts(f) << " | " << (peers.empty() ? kDash : peers) << " | " << f.cases.size()
      << " |\n";
  }
  o << "\n## Runs (newest first)\n\n| run | started | what | GPU | commit |\n|---|---|---|---|---|\n";
  for (auto it = records.rbegin(); it != records.rend(); ++it) {
    const json& r = it->json;
    std::string what;
    if (it->calibration()) {
      bool pass = true;
      for (const auto& [name, t] : r["calibration"].items()) pass &= t["pass"].get<bool>();
      what = std::string("timing calibration: ") + (pass ? "passed" : "a test failed");
    } else {
      for (const auto& e : r["experiments"])
        what += (what.empty() ? "" : ", ") + e["id"].get<std::string>() + " " +
                e["verdict"]["value"].get<std::string>();
    }
    const json& env = r.value("environment", json::object());
    const std::string gpu = env.contains("gpu") && env["gpu"].is_object()
                                ? env["gpu"].value("name", std::string(kDash))
                                : std::string("CPU");
    const json& git = r.value("git", json::object());
    const std::string commit = git.contains("commit") && git["commit"].is_string()
                                   ? git["commit"].get<std::string>().substr(0, 12)
                                   : std::string(kDash);
    o << "| [" << it->run_id << "](" << runs_link << "/" << record_file_name(it->run_id) << ") | "
      << r["started_utc"].get<std::string>() << " | " << one_line(what) << " | " << gpu << " | "
      << commit
      << (git.contains("dirty") && git["dirty"].is_boolean() && git["dirty"].get<bool>() ? " (dirty)" : "") << " |\n";
  }
  return o.str();
}

}  // namespace fuselab
