// `fuselab compare ID ID...`: the versions x cases matrix from the run records
// (harness/core/compare.h), as markdown, JSON, CSV or Google Benchmark JSON.
#include <spdlog/spdlog.h>

#include <filesystem>
#include <iostream>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/cases_file.h"
#include "harness/core/compare.h"
#include "harness/core/run_record.h"

namespace fuselab::cli {
namespace {

void emit(const std::string& text, const std::string& out) {
  if (out.empty()) {
    std::cout << text;
    return;
  }
  const std::filesystem::path p(out);
  write_file_atomically(p.parent_path().empty() ? "." : p.parent_path().string(),
                        p.filename().string(), text);
  spdlog::info("wrote {}", out);
}

}  // namespace

int cmd_compare(const Paths& paths, const CompareArgs& args) {
  if (args.format == "gbench" && args.out.empty())
    throw std::runtime_error(
        "--format gbench writes one file per column into a folder. "
        "Fix: add --out DIR");
  const RecordIndex index = load_records_for_reading(paths.records_dir);
  spdlog::info("{} run records in {}", index.records().size(), paths.records_dir);
  CompareOptions options;
  options.ids = args.ids;
  options.case_patterns = args.case_patterns;
  options.runs = args.runs;
  options.case_order = case_names_in_order(paths.root);
  options.floor = args.floor;
  const CompareMatrix m = build_compare(index, options);

  if (args.format == "md") emit(render_markdown(m), args.out);
  if (args.format == "json") emit(to_json(m).dump(2) + "\n", args.out);
  if (args.format == "csv") emit(render_csv(m), args.out);
  if (args.format == "gbench") {
    std::vector<std::string> written;
    for (const auto& [name, doc] : render_gbench(m)) {
      write_file_atomically(args.out, name, doc.dump(2) + "\n");
      written.push_back((std::filesystem::path(args.out) / name).string());
    }
    // The first column is the baseline; compare.py takes "old new".
    const std::string first =
        (std::filesystem::path(args.out) / gbench_file_name(m.columns[0].label)).string();
    for (const auto& path : written) {
      std::cout << path << "\n";
      if (path != first) spdlog::info("diff with: compare.py -a benchmarks {} {}", first, path);
    }
  }
  return exit_code::kOk;
}

}  // namespace fuselab::cli
