// A version's page: its declaration (hypothesis, prediction, limits, parent,
// children), the verdict shown, its kernel source, every result it has on
// record with its samples' spread, and its verdict history.
#include "harness/core/report_text.h"
#include "harness/core/site_pages.h"

namespace fuselab::site {
namespace {

using nlohmann::json;
namespace text = report_text;

std::string declaration(const FamilyModel& f, const ReportExperiment& v, const std::string& root) {
  const json* d = v.declaration;
  const std::string parent = text::str(d, "parent");
  std::string children;
  for (const auto& other : f.versions)
    if (text::str(other.declaration, "parent") == v.id)
      children += (children.empty() ? "" : ", ") + link(root + version_href(other.id), other.label);
  const json* prediction = d && d->contains("prediction") && (*d)["prediction"].is_object() ? &(*d)["prediction"] : nullptr;
  const auto or_word = [](const std::string& s, const char* word) { return s.empty() ? std::string(word) : s; };
  std::string out = facts({{"id", v.id},
                           {"family", f.family},
                           {"hypothesis", or_word(text::str(d, "hypothesis"), "no hypothesis on record")},
                           {"prediction", or_word(text::str(prediction, "text"), "no prediction on record")},
                           {"limits", or_word(text::str(d, "limits"), "no limits on record")},
                           {"declared in run", v.declaration_run}});
  const std::string parent_html = parent.empty()         ? "<span class=\"missing\">" + std::string(kNoParent) + "</span>"
                                  : f.version(parent) ? link(root + version_href(parent), text::short_id(parent, f))
                                                      : html_escape(parent) + " <span class=\"missing\">(not among "
                                                                              "this family's versions on record)</span>";
  out += "<p>Parent: " + parent_html + "</p>\n<p>Children: " +
         (children.empty() ? "<span class=\"missing\">" + std::string(kNone) + "</span>" : children) + "</p>\n";
  return out;
}

std::string verdict_shown(const ReportExperiment& v, const std::string& root) {
  const json* e = v.verdict_entry;
  const json* verdict = e && e->contains("verdict") && (*e)["verdict"].is_object() ? &(*e)["verdict"] : nullptr;
  const std::string value = verdict_word(v);
  return "<p><span class=\"verdict-" + html_escape(value) + "\">" + html_escape(value) + "</span> in run " +
         link(root + run_href(v.verdict_run), v.verdict_run) + ": " +
         html_escape(text::str(verdict, "reason").empty() ? "no reason on record" : text::str(verdict, "reason")) +
         "</p>\n<p class=\"note\">The code behind it, against the build that rendered this site: " +
         html_escape(v.source_state.empty() ? "not compared" : v.source_state) + ".</p>\n";
}

std::string source_section(const VersionSource& source) {
  std::string out = "<p class=\"note\">" + html_escape(source.note) + "</p>\n";
  for (const auto& [path, file_text] : source.files)
    out += "<details><summary>" + html_escape(path) + " (" + std::to_string(file_text.size()) +
           " bytes)</summary>\n<pre>" + html_escape(file_text) + "</pre>\n</details>\n";
  return out;
}

std::string results_table(const std::vector<CaseResult>& results, const std::string& root) {
  std::vector<std::string> headings = {"run", "case", "status"};
  headings.insert(headings.end(), kTimingHeadings.begin(), kTimingHeadings.end());
  headings.push_back("reason");
  std::vector<std::vector<Cell>> rows;
  for (const auto& r : results) {
    const json& c = *r.case_entry;
    std::vector<Cell> row = {{link(root + run_href(r.run_id), r.run_id), r.run_id}, text_cell(r.case_name),
                             text_cell(r.status())};
    for (Cell& cell : timing_cells(c)) row.push_back(std::move(cell));
    const std::string reason = c.value("reason", std::string());
    row.push_back(reason.empty() ? missing_cell(kNone) : text_cell(reason));
    rows.push_back(std::move(row));
  }
  return table("results", headings, rows);
}

std::string history_table(const std::vector<VersionEntry>& entries, const std::string& root) {
  std::vector<std::vector<Cell>> rows;
  for (const auto& h : entries) {
    const json& e = *h.entry;
    const json* verdict = e.contains("verdict") && e["verdict"].is_object() ? &e["verdict"] : nullptr;
    const std::string value = text::str(verdict, "value"), reason = text::str(verdict, "reason");
    const std::string sha = text::str(&e, "source_sha256");
    rows.push_back({{link(root + run_href(h.run_id), h.run_id), h.run_id},
                    value.empty() ? missing_cell("no verdict on record") : text_cell(value),
                    reason.empty() ? missing_cell(kNone) : text_cell(reason),
                    sha.empty() ? missing_cell("no source hash on record") : text_cell(sha.substr(0, 12))});
  }
  return table("history", {"run", "verdict", "reason", "source sha256"}, rows);
}

}  // namespace

std::string version_page(const FamilyModel& f, const ReportExperiment& v, const std::vector<CaseResult>& results,
                         const std::vector<VersionEntry>& entries, const VersionSource& source) {
  const std::string root = root_of(version_href(v.id));
  std::string body = "<h2>Declaration</h2>\n" + declaration(f, v, root);
  body += "<h2>Verdict shown</h2>\n" + verdict_shown(v, root);
  body += "<h2>Kernel source</h2>\n" + source_section(source);
  body += "<h2>Results</h2>\n<p class=\"note\">Every case of every run that holds this version, oldest run first; "
          "the spread is that of the cold samples.</p>\n";
  body += results.empty() ? "<p class=\"missing\">No result on record.</p>\n" : results_table(results, root);
  body += "<h2>Verdict history</h2>\n";
  body += entries.empty() ? "<p class=\"missing\">No verdict on record.</p>\n" : history_table(entries, root);
  const std::string crumbs =
      link(root + "index.html", "fuselab") + " › " + link(root + family_href(f.family), f.family) + " › version";
  return page(v.id, root, crumbs, body);
}

}  // namespace fuselab::site
