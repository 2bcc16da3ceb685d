// A family's page: its answer (per case the fastest passing version, its
// speedup over each PyTorch peer, its share of the ceilings, its path from
// the baseline), the lineage picture and the plots, then every version and
// peer on every case — the numbers as the markdown report computes them
// (report_model.h, report_text.h).
#include <algorithm>

#include "harness/core/format_number.h"
#include "harness/core/report_answer.h"
#include "harness/core/report_lineage.h"
#include "harness/core/report_markdown.h"
#include "harness/core/report_text.h"
#include "harness/core/site_pages.h"

namespace fuselab::site {
namespace {

namespace text = report_text;

std::string version_link(const FamilyModel& f, const std::string& id) {
  return f.version(id) ? link("../" + version_href(id), text::short_id(id, f)) : html_escape(id);
}

Cell fraction_cell(const std::optional<double>& fraction) {
  return fraction ? number_cell(text::percent(fraction), *fraction) : missing_cell(kNoCeiling);
}

std::string answer_table(const FamilyModel& f) {
  std::vector<std::string> headings = {"group", "case", "fastest passing version", "cold median µs"};
  for (const auto& p : f.peers) headings.push_back("vs " + p.id + " (95 % interval)");
  if (f.peers.empty()) headings.push_back("vs PyTorch");
  for (const char* h : {"share of copy ceiling", "share of FP32 ceiling"})
    headings.push_back(h);
  std::vector<std::vector<Cell>> rows;
  for (const auto& c : f.cases) {
    const std::string group = case_group(c);  // its words before the parenthesis; the rest on hover
    std::vector<Cell> row = {{"<span title=\"" + html_escape(group) + "\">" + html_escape(group.substr(0, group.find(" ("))) +
                                  "</span>",
                              group},
                             text_cell(c)};
    const ReportExperiment* w = f.fastest_version(c, true);
    const ReportCell* ours = w ? f.cell(w->id, c) : nullptr;
    if (!w) {
      row.push_back(missing_cell(kNoPassing));
      row.push_back(missing_cell(kNoPassing));
    } else {
      row.push_back({version_link(f, w->id), w->label});
      row.push_back(number_cell(text::us(ours), ours->median_us));
    }
    for (const auto& p : f.peers) {
      const ReportCell* peer = f.cell(p.id, c);
      const std::string s = text::speedup_with_interval(peer, ours);
      if (!peer) row.push_back(missing_cell("peer not timed on this case"));
      else if (!ours) row.push_back(missing_cell(kNoPassing));
      else if (s == text::kDash) row.push_back(missing_cell("no samples on record"));
      else row.push_back(number_cell(s, peer->median_us / ours->median_us));
    }
    if (f.peers.empty()) row.push_back(missing_cell(kNoPeer));
    row.push_back(ours ? fraction_cell(ours->copy_fraction) : missing_cell(kNoPassing));
    row.push_back(ours ? fraction_cell(ours->fp32_fraction) : missing_cell(kNoPassing));
    rows.push_back(std::move(row));
  }
  return table("answer", headings, rows);
}

// Each winner's lineage from the baseline (FamilyModel::ancestry), with the
// cases it wins, in the order of its first case.
std::string winner_paths(const FamilyModel& f) {
  std::vector<std::pair<const ReportExperiment*, std::string>> winners;
  for (const auto& c : f.cases) {
    const ReportExperiment* w = f.fastest_version(c, true);
    if (!w) continue;
    auto it = std::find_if(winners.begin(), winners.end(), [&](const auto& x) { return x.first == w; });
    if (it == winners.end()) winners.push_back({w, c});
    else it->second += ", " + c;
  }
  if (winners.empty()) return "<p class=\"missing\">" + std::string(kNoPassing) + " on any case: no path to show.</p>\n";
  std::string out = "<ul class=\"paths\">\n";
  for (const auto& [w, cases] : winners) {
    std::string path;
    for (const auto& id : f.ancestry(w->id)) path += (path.empty() ? "" : " → ") + version_link(f, id);
    out += "<li>" + version_link(f, w->id) + " (fastest on " + html_escape(cases) + "): " + path + "</li>\n";
  }
  return out + "</ul>\n";
}

std::string picture(const std::string& file, const std::set<std::string>& plots, const std::string& alt) {
  const std::string name = file.substr(file.rfind('/') + 1);
  if (!plots.count(name))
    return "<p class=\"missing\">No " + html_escape(alt) +
           ": `fuselab report` draws it (matplotlib and Graphviz; not with --no-plots).</p>\n";
  return "<p><img class=\"plot\" src=\"../plots/" + html_escape(path_part(name)) + "\" alt=\"" + html_escape(alt) +
         "\"></p>\n";
}

Cell median_cell(const FamilyModel& f, const std::string& id, const std::string& c) {
  const ReportCell* cell = f.cell(id, c);
  if (!cell) return missing_cell(kNotTimed);
  return {html_escape(text::us(cell)) + (cell->passed ? "" : " <span class=\"missing\">check failed</span>"),
          format_number("%.17g", cell->median_us)};
}

std::string versions_table(const FamilyModel& f) {
  std::vector<std::string> headings = {"version", "parent", "verdict shown", "source", "verdict's run"};
  for (const auto& c : f.cases) headings.push_back(c + " µs");
  std::vector<std::vector<Cell>> rows;
  for (const auto& v : f.versions) {
    const std::string parent = text::str(v.declaration, "parent");
    const std::string verdict = verdict_word(v);
    std::vector<Cell> row = {
        {link("../" + version_href(v.id), v.label), v.label},
        parent.empty() ? missing_cell(kNoParent) : Cell{version_link(f, parent), parent},
        {"<span class=\"verdict-" + html_escape(verdict) + "\">" + html_escape(verdict) + "</span>", verdict},
        v.source_state.empty() ? missing_cell("not compared with the build") : text_cell(v.source_state),
        {link("../" + run_href(v.verdict_run), v.verdict_run), v.verdict_run}};
    for (const auto& c : f.cases) row.push_back(median_cell(f, v.id, c));
    rows.push_back(std::move(row));
  }
  return table("versions", headings, rows);
}

std::string peers_table(const FamilyModel& f) {
  std::vector<std::string> headings = {"peer"};
  for (const auto& c : f.cases) headings.push_back(c + " µs");
  std::vector<std::vector<Cell>> rows;
  for (const auto& p : f.peers) {
    std::vector<Cell> row = {text_cell(p.id)};
    for (const auto& c : f.cases) row.push_back(median_cell(f, p.id, c));
    rows.push_back(std::move(row));
  }
  return table("peers", headings, rows);
}

}  // namespace

std::string family_page(const FamilyModel& f, const std::set<std::string>& plots) {
  std::string body;
  body += "<h2>Answer</h2>\n<p class=\"note\">Per timed case: the fastest version whose check passed (its latest "
          "result), its cold median, the PyTorch peer's median over it with compare's 95 % bootstrap interval, its "
          "share of the copy and FP32 ceilings; then each winner's lineage from the baseline.</p>\n";
  body += f.cases.empty() ? "<p class=\"missing\">No timed case on record for this family.</p>\n"
                          : answer_table(f) + winner_paths(f);
  body += "<h2>Lineage</h2>\n<p class=\"note\">Parent → child, filled by the verdict shown; bold: the paths to "
          "each case's winner; dashed: archived versions.</p>\n";
  body += f.versions.empty() ? "<p class=\"missing\">No version on record.</p>\n"
                             : picture(lineage_file(f), plots, "lineage picture");
  body += "<h2>Plots</h2>\n";
  for (const auto& file : plot_files(f)) body += picture(file, plots, file.substr(file.rfind('/') + 1));
  body += "<h2>Versions</h2>\n<p class=\"note\">Each version's latest cold median per case; the verdict shown "
          "is its newest that tested the prediction on the current source.</p>\n";
  body += f.versions.empty() ? "<p class=\"missing\">No version on record.</p>\n" : versions_table(f);
  body += "<h2>PyTorch peers</h2>\n";
  body += f.peers.empty() ? "<p class=\"missing\">" + std::string(kNoPeer) + ".</p>\n" : peers_table(f);
  return page(f.family, "../", link("../index.html", "fuselab") + " › family", body);
}

}  // namespace fuselab::site
