// `fuselab report`: regenerates, from the run records and notes alone, the
// log (OPTIMIZATION_LOG.md and its dated files, optimization_log.h),
// reports/README.md, reports/<family>.md and reports/plots/*.svg, and with
// html_dir the site (site.h). Everything is computed (plots
// drawn into a temporary folder) before the first file is written, so a bad
// record or a failing plot writes nothing; each file is replaced atomically
// and only when its bytes change.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/core/built_code.h"
#include "harness/core/site.h"
#include "harness/core/targets_file.h"

namespace fuselab {

struct ReportOptions {
  std::string records_dir;   // reports/runs
  std::string log;           // OPTIMIZATION_LOG.md
  std::string reports_dir;   // reports
  std::string plot_script;   // harness/report/plots.py
  bool plots = true;         // false: leave reports/plots/ alone
  bool rebuild_log = false;  // rewrite the dated log files without naming what differed as a repair
  // The tables' case columns in this order (case_names_in_order: cases.yaml);
  // cases it does not name follow, as the newest record lists them.
  std::vector<std::string> case_order;
  // A file (the repository's README.md) whose block between
  // kReadmeAnswerBegin and kReadmeAnswerEnd is the answer in brief
  // (render_readme_answer), rewritten; empty, or a file without the block:
  // left alone.
  std::string readme;
  // Each family's targets (load_all_targets: experiments/<family>/targets.yaml).
  std::map<std::string, std::vector<Target>> targets;
  // Versions that left the default build: id -> the last commit that held
  // them (the archive index, experiments/<family>/archived.yaml).
  std::map<std::string, std::string> archived;
  // The code the build holds: each version's include closure and the
  // witnesses of the same SASS (harness/core/built_code.h). A verdict whose
  // record ran other code is shown as made on a source that has changed since.
  BuiltCode built_code;
  // Where to write the site (site.h) as well; empty: no site. Its plots are
  // the report's (drawn now, or as reports/plots/ holds them with --no-plots).
  std::string html_dir;
  std::string source_root;  // the tree whose kernel sources the version pages show
};

struct ReportResult {
  std::vector<std::string> written;    // files whose bytes changed
  std::vector<std::string> unchanged;  // files already up to date
  std::vector<std::string> removed;    // stale plots
  std::vector<std::string> warnings;   // e.g. records the kept log does not mention
  // What a killed writer left and this report put right: debris removed, a
  // log whose entries lacked a record or held half an entry, rewritten.
  std::vector<std::string> repairs;
  // Dated files that held every run of their day, appended in another order
  // than the runs started (a sweep's shards finish out of turn): rewritten in
  // run-id order. Nothing was missing, so this is no repair.
  std::vector<std::string> reordered;
  SiteWriteResult site;  // what the site's writing did (html_dir)
};

ReportResult generate_report(const ReportOptions& options);

}  // namespace fuselab
