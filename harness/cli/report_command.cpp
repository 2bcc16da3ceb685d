// `fuselab report`: regenerates the log's summary (or the whole log),
// reports/README.md, reports/<family>.md and reports/plots/ from the run
// records alone (harness/core/report.h); with --html DIR, the site too.
#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/archive_index.h"
#include "harness/core/cases_file.h"
#include "harness/core/report.h"
#include "harness/core/targets_file.h"

namespace fuselab::cli {

int cmd_report(const Paths& paths, const ReportArgs& args) {
  ReportOptions options;
  options.records_dir = paths.records_dir;
  options.log = paths.log;
  options.reports_dir = args.reports_dir.empty() ? paths.root + "/reports" : args.reports_dir;
  options.plot_script = paths.root + "/harness/report/plots.py";
  options.plots = !args.no_plots;
  // The README's answer follows the committed records and reports only.
  if (args.reports_dir.empty() && paths.records_dir == paths.root + "/reports/runs")
    options.readme = paths.root + "/README.md";
  options.rebuild_log = args.rebuild_log;
  options.html_dir = args.html_dir;
  options.source_root = paths.root;
  options.case_order = case_names_in_order(paths.root);
  options.targets = load_all_targets(paths.root);
  const ArchiveIndex archive = ArchiveIndex::load(paths.root);
  for (const auto& a : archive.all()) options.archived[a.id()] = a.last_commit;
  options.built_code = code_built_now(paths);
  const ReportResult r = generate_report(options);
  for (const auto& w : r.warnings) spdlog::warn("{}", w);
  for (const auto& fix : r.repairs) spdlog::warn("repaired: {}", fix);
  for (const auto& path : r.reordered)
    spdlog::info("{}: its runs' entries were appended as the runs finished (a sweep's shards finish out of turn); "
                 "rewrote it in run-id order", path);
  for (const auto& f : r.written) spdlog::info("wrote {}", f);
  for (const auto& f : r.removed) spdlog::info("removed stale plot {}", f);
  spdlog::info("report: {} files written, {} already up to date{}", r.written.size(),
               r.unchanged.size(), args.no_plots ? " (plots left alone: --no-plots)" : "");
  if (!args.html_dir.empty())
    spdlog::info("site: {} files written, {} already up to date, {} stale removed; open {}/index.html",
                 r.site.written, r.site.unchanged, r.site.removed, args.html_dir);
  return exit_code::kOk;
}

}  // namespace fuselab::cli
