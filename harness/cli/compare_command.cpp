// `fuselab compare ID ID...`: the versions x cases matrix from the run records
// (harness/core/compare.h), as markdown, JSON, CSV or Google Benchmark JSON.
#include <spdlog/spdlog.h>

#include <filesystem>
#include <iostream>
#include <set>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/archive_index.h"
#include "harness/core/cases_file.h"
#include "harness/core/compare.h"
#include "harness/core/registry.h"
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

// An id that no build, archive or record knows is a typo, not a version to
// run first: refused as such before the records are searched.
void refuse_unknown_ids(const std::string& root, const std::vector<std::string>& ids, const RecordIndex& index) {
  const ArchiveIndex archive = ArchiveIndex::load(root);
  std::set<std::string> recorded;
  for (const auto& r : index.records())
    for (const auto& e : r.json->at("experiments"))  // the index keeps records with an experiments list
      if (e.is_object() && e.contains("id") && e["id"].is_string()) recorded.insert(e["id"].get<std::string>());
  for (const auto& token : ids) {
    const std::string id = token.substr(0, token.find('@'));
    if (id.find('/') == std::string::npos || id.find_first_of("*?[") != std::string::npos || id.rfind("torch/", 0) == 0)
      continue;  // families, globs and peers are matched against the records
    if (recorded.count(id) || archive.resolve(id)) continue;
    try {
      Registry::global().resolve(id);
      continue;
    } catch (const std::runtime_error&) {
    }
    throw std::runtime_error("unknown experiment '" + id +
                             "': no version built, archived or in a run record has that id. Fix: use an id "
                             "from `fuselab list --all`");
  }
}

}  // namespace

int cmd_compare(const Paths& paths, const CompareArgs& args) {
  if (args.format == "gbench" && args.out.empty())
    throw std::runtime_error(
        "--format gbench writes one file per column into a folder. "
        "Fix: add --out DIR");
  const RecordIndex index = load_records_for_reading(paths.records_dir);
  refuse_unknown_ids(paths.root, args.ids, index);
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
