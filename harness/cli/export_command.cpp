// `fuselab export`: what the bench knows, for tools outside it. Each file is
// written atomically, and only when its bytes change.
//  --dispatch FILE: the dispatch table (docs/dispatch.md) from the run
//    records, as the report reads them, against this build: the fastest
//    passing version per case on the current source (the report's answer),
//    and a fallback per family.
//  --ops FILE: the ops' declarations that the reference generator reads
//    (harness/core/op_declarations_json.h).
#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/cases_file.h"
#include "harness/core/op_declarations_json.h"
#include "harness/dispatch/dispatch_table.h"
#include "harness/core/registry.h"
#include "harness/core/report_model.h"
#include "harness/core/run_record.h"

namespace fuselab::cli {

namespace {

int export_dispatch(const Paths& paths, const std::string& out) {
  const RecordIndex index = RecordIndex::load(paths.records_dir);
  const std::vector<FamilyModel> families = build_family_models(index, case_names_in_order(paths.root));
  std::vector<CasesFile> cases;
  for (const auto& family : list_families(paths.root)) cases.push_back(load_family_cases(paths.root, family));
  BuildView build;
  build.limits_of = [](const std::string& id) -> const Limits* {
    const Experiment* e = Registry::global().find(id);
    return e && e->backend_value == Backend::Cuda && !e->canary_value ? &e->limits_value : nullptr;
  };
  build.code = code_built_now(paths);
  const DispatchTable table = build_dispatch_table(index, families, cases, build);
  const bool written = write_file_if_changed(out, render_dispatch_table(table));
  spdlog::info("dispatch table: {} entries, {} fallbacks from {} records; {} {}", table.entries.size(),
               table.fallbacks.size(), index.records().size(), written ? "wrote" : "already up to date:", out);
  return exit_code::kOk;
}

}  // namespace

int cmd_export(const Paths& paths, const std::string& dispatch_out, const std::string& ops_out) {
  if (!ops_out.empty()) {
    const bool written = write_file_if_changed(ops_out, render_op_declarations());
    spdlog::info("op declarations: {} {}", written ? "wrote" : "already up to date:", ops_out);
  }
  return dispatch_out.empty() ? exit_code::kOk : export_dispatch(paths, dispatch_out);
}

}  // namespace fuselab::cli
