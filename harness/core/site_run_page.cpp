// A run's page: what it ran on (environment, build, git, settings), its
// ceilings, its experiments and their verdicts, every case result with its
// samples' spread, then the record in full.
#include "harness/core/format_number.h"
#include "harness/core/site_pages.h"

namespace fuselab::site {
namespace {

using nlohmann::json;

// A value as text; an empty string says so rather than leave a blank cell.
std::string scalar_text(const json& v) {
  if (!v.is_string()) return v.dump();
  return v.get<std::string>().empty() ? "(empty)" : v.get<std::string>();
}

// The plain values of an object, one row each, nested objects as "a.b".
void flatten(const json& v, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& rows) {
  if (!v.is_object()) {
    rows.push_back({prefix, v.is_array() ? v.dump() : scalar_text(v)});
    return;
  }
  for (const auto& [key, value] : v.items()) flatten(value, prefix.empty() ? key : prefix + "." + key, rows);
}

std::string object_facts(const json& r, const char* key, const std::string& missing_word) {
  if (!r.contains(key) || !r[key].is_object() || r[key].empty())
    return "<p class=\"missing\">" + html_escape(missing_word) + ".</p>\n";
  std::vector<std::pair<std::string, std::string>> rows;
  flatten(r[key], "", rows);
  return facts(rows);
}

std::string experiments_table(const json& r, const std::set<std::string>& version_pages) {
  std::vector<std::vector<Cell>> rows;
  for (const json& e : r["experiments"]) {
    if (!e.is_object()) continue;
    const std::string id = e.value("id", std::string());
    const json* verdict = e.contains("verdict") && e["verdict"].is_object() ? &e["verdict"] : nullptr;
    const std::string value = report_text::str(verdict, "value"), reason = report_text::str(verdict, "reason");
    rows.push_back({version_pages.count(id) ? Cell{link("../" + version_href(id), id), id} : text_cell(id),
                    text_cell(e.value("family", std::string())),
                    text_cell(e.value("peer", false) ? "PyTorch peer" : "version"),
                    value.empty() ? missing_cell("no verdict on record") : text_cell(value),
                    reason.empty() ? missing_cell(kNone) : text_cell(reason)});
  }
  return table("experiments", {"experiment", "family", "kind", "verdict", "reason"}, rows);
}

std::string cases_table(const json& r) {
  std::vector<std::string> headings = {"experiment", "case", "shape", "status"};
  headings.insert(headings.end(), kTimingHeadings.begin(), kTimingHeadings.end());
  for (const char* h : {"max abs error", "copy ceiling share"}) headings.push_back(h);
  std::vector<std::vector<Cell>> rows;
  for (const json& e : r["experiments"]) {
    if (!e.is_object() || !e.contains("cases") || !e["cases"].is_array()) continue;
    for (const json& c : e["cases"]) {
      if (!c.is_object()) continue;
      std::vector<Cell> row = {text_cell(e.value("id", std::string())), text_cell(c.value("name", std::string())),
                               text_cell(c.value("shape", std::string())),
                               text_cell(c.value("status", std::string("no status on record")))};
      for (Cell& cell : timing_cells(c)) row.push_back(std::move(cell));
      const json* check = c.contains("check") && c["check"].is_object() ? &c["check"] : nullptr;
      if (check && check->contains("max_abs_err") && (*check)["max_abs_err"].is_number())
        row.push_back(number_cell(format_number("%.3g", (*check)["max_abs_err"].get<double>()),
                                  (*check)["max_abs_err"].get<double>()));
      else
        row.push_back(missing_cell("not checked"));
      const json* achieved = c.contains("achieved") && c["achieved"].is_object() ? &c["achieved"] : nullptr;
      if (achieved && achieved->contains("copy_fraction") && (*achieved)["copy_fraction"].is_number()) {
        const double f = (*achieved)["copy_fraction"].get<double>();
        row.push_back(number_cell(report_text::percent(f), f));
      } else {
        row.push_back(missing_cell(kNoCeiling));
      }
      rows.push_back(std::move(row));
    }
  }
  return table("cases", headings, rows);
}

}  // namespace

std::string run_page(const RecordFile& record, const std::set<std::string>& version_pages) {
  const json& r = record.json;
  std::string body = facts({{"run id", record.run_id},
                            {"kind", record.calibration() ? "calibration" : "experiments"},
                            {"started (UTC)", r.value("started_utc", std::string("no start on record"))},
                            {"finished (UTC)", r.value("finished_utc", std::string("no end on record"))},
                            {"command", r.contains("command") ? scalar_text(r["command"]) : "no command on record"},
                            {"backend", r.value("backend", std::string("no backend on record"))},
                            {"record schema", r.contains("schema") ? scalar_text(r["schema"]) : "no schema on record"}});
  body += "<h2>Environment</h2>\n" + object_facts(r, "environment", "No environment on record");
  body += "<h2>Ceilings</h2>\n" + object_facts(r, "ceilings", "No ceilings on record (measured by a GPU run)");
  body += "<h2>Build and source</h2>\n" + object_facts(r, "build", "No build on record") +
          object_facts(r, "git", "No git state on record");
  body += "<h2>Settings</h2>\n" + object_facts(r, "settings", "No settings on record");
  if (record.calibration()) {
    body += "<h2>Calibration</h2>\n" + object_facts(r, "calibration", "No calibration on record");
  } else if (r.contains("experiments") && r["experiments"].is_array()) {
    body += "<h2>Experiments</h2>\n" + experiments_table(r, version_pages);
    body += "<h2>Case results</h2>\n" + cases_table(r);
  }
  body += "<h2>The record in full</h2>\n<details><summary>" + html_escape(record.run_id) +
          " as the report read it (with the statistics it derives from the samples)</summary>\n" + json_block(r) +
          "</details>\n";
  return page("run " + record.run_id, "../", link("../index.html", "fuselab") + " › run", body);
}

}  // namespace fuselab::site
