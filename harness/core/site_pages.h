// The pages of the site (`fuselab report --html DIR`, site.h), each from the
// report's family models (report_model.h) and the records; where each page
// lives (the site_*_href functions, relative to the site's top) is decided
// here once.
#pragma once

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/record_index.h"
#include "harness/core/report_model.h"
#include "harness/core/report_records.h"
#include "harness/core/report_text.h"
#include "harness/core/site_html.h"

namespace fuselab::site {

// A name from a record made fit for a path: letters, digits, '.', '_', '-'
// and '/' kept (no "..", no leading '/'), anything else '_'.
std::string path_part(const std::string& name);

inline std::string family_href(const std::string& family) { return "family/" + path_part(family) + ".html"; }
inline std::string version_href(const std::string& id) { return "version/" + path_part(id) + ".html"; }
inline std::string run_href(const std::string& run_id) { return "run/" + path_part(run_id) + ".html"; }
// "../" once per folder in `href`: the way back to the top from that page.
std::string root_of(const std::string& href);

// The kernel source a version page shows: the current files of the tree
// (the records hold no source text), and how they stand against the
// source_sha256 of the version's last record.
struct VersionSource {
  std::string note;                                        // which source, and whether it is the recorded one
  std::vector<std::pair<std::string, std::string>> files;  // path in the tree -> text
};

// One experiment entry of one record: a step of a version's verdict history.
struct VersionEntry {
  std::string run_id;
  const nlohmann::json* entry = nullptr;
};

std::string index_page(const std::vector<FamilyModel>& families, const std::vector<RecordFile>& records);
// `plots`: the plot files the site holds (names under plots/).
std::string family_page(const FamilyModel& family, const std::set<std::string>& plots);
// `results`: every case result of the version, oldest run first;
// `entries`: its experiment entries, oldest first.
std::string version_page(const FamilyModel& family, const ReportExperiment& version,
                         const std::vector<CaseResult>& results, const std::vector<VersionEntry>& entries,
                         const VersionSource& source);
// `version_pages`: the ids that have a page (the family models' versions).
std::string run_page(const RecordFile& record, const std::set<std::string>& version_pages);

// The verdict a version shows (report_text::verdict), a word where it has none.
inline std::string verdict_word(const ReportExperiment& v) {
  const std::string value = report_text::verdict(v);
  return value == report_text::kDash ? "no verdict on record" : value;
}

// A case result's cold timing as cells: median, q1–q3, IQR/median, min–max, n
// (words where it was not timed).
std::vector<Cell> timing_cells(const nlohmann::json& case_entry);
inline const std::vector<std::string> kTimingHeadings = {"cold median µs", "q1–q3 µs", "IQR / median",
                                                         "min–max µs", "samples"};

}  // namespace fuselab::site
