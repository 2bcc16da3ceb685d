// `fuselab check` and `fuselab run`: resolve targets, run them, and for `run`
// write the run record, Google Benchmark's JSON and the log entries.
#include <filesystem>
#include <set>

#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/optimization_log.h"
#include "harness/core/archive_index.h"
#include "harness/core/provenance.h"
#include "harness/core/registry.h"
#include "harness/core/run_record.h"
#include "harness/gpu/environment.h"
#include "harness/gpu/calibration.h"
#include "harness/gpu/run_engine.h"

namespace fuselab::cli {
namespace {

// Explicit ids keep canaries and CPU versions; families, globs and "all"
// select the CUDA versions that make claims.
std::vector<const Experiment*> resolve_targets(const std::string& root, const std::vector<std::string>& targets) {
  const Registry& reg = Registry::global();
  const ArchiveIndex archive = ArchiveIndex::load(root);
  std::vector<const Experiment*> out;
  std::set<std::string> seen;
  for (const auto& t : targets) {
    if (!reg.find(t))
      if (const ArchivedVersion* a = archive.resolve(t))
        throw std::runtime_error(a->id() + " is archived: its source left the tree after commit " +
                                 a->last_commit.substr(0, 12) + ". Fix: rerun it from that commit with `" +
                                 a->rerun_command() + "`");
    std::vector<const Experiment*> hits;
    if (t == "all") {
      for (const auto& e : reg.all()) hits.push_back(&e);
    } else {
      hits = reg.resolve(t);
    }
    const bool explicit_id = t.find('/') != std::string::npos && t.find_first_of("*?[") == std::string::npos;
    for (const Experiment* e : hits) {
      const bool instrument = e->canary_value || e->backend_value == Backend::Cpu;
      if (instrument && !explicit_id) continue;
      if (seen.insert(e->id()).second) out.push_back(e);
    }
  }
  if (out.empty())
    throw std::runtime_error("no experiment selected by the targets given. Fix: see `fuselab list`");
  return out;
}

int exit_status(const RunResult& r, bool timed) {
  if (!r.fatal.empty()) return exit_code::kFailed;
  int status = exit_code::kOk;
  for (const auto& o : r.outcomes) {
    bool any_failed = false;
    for (const auto& c : o.cases) {
      any_failed |= c.status == CaseStatus::Failed || c.status == CaseStatus::Error;
    }
    if (o.experiment->canary_value) {
      // A canary is wrong on purpose: the checker must reject it. Where its
      // bug is invisible (one key: the softmax scale cannot matter) a case
      // may pass; every pass is listed.
      std::string passed_on;
      for (const auto& c : o.cases)
        if (c.status == CaseStatus::Passed) passed_on += " " + c.spec.name;
      const bool rejected = any_failed;
      if (!passed_on.empty())
        spdlog::info("canary {} passed on:{}", o.experiment->id(), passed_on);
      spdlog::log(rejected ? spdlog::level::info : spdlog::level::err, "canary {}: {}",
                  o.experiment->id(), rejected ? "rejected by the checker, as it must be"
                                               : "PASSED the checker: the checker is broken");
      if (!rejected) status = exit_code::kFailed;
    } else if (any_failed || (timed && o.verdict.value == "INVALID")) {
      status = exit_code::kFailed;
    }
  }
  return status;
}

void write_run(const Paths& paths, const RunArgs& args, const RunResult& r,
               const std::string& run_id, const std::string& started) {
  RunContext ctx;
  ctx.run_id = run_id;
  ctx.command = args.command_line;
  ctx.started_utc = started;
  ctx.finished_utc = utc_now_iso();
  ctx.backend = r.backend;
  ctx.git = git_state(paths.root);
  ctx.build = build_info();
  ctx.environment = r.environment;
  ctx.ceilings = r.ceilings;
  ctx.settings = {{"quick", args.quick}, {"case_patterns", args.case_patterns},
                  {"allocations", args.allocations}, {"paired", args.paired}, {"tolerance", kTolerance}};
  ctx.gbench_file = run_id + ".gbench.json";
  write_file_atomically(paths.records_dir, ctx.gbench_file, r.gbench.dump() + "\n");  // compact: see run_record.h
  const nlohmann::json record = make_run_record(ctx, r.outcomes);
  write_file_atomically(paths.records_dir, run_id + ".json", record.dump() + "\n");
  const std::string link = log_record_link(paths.records_dir, paths.log, run_id);
  std::string entries;
  for (const auto& e : record["experiments"]) entries += render_log_entry(record, e, link);
  append_to_log(paths.log, entries);
  spdlog::info("run record {}/{}.json; log {}", paths.records_dir, run_id, paths.log);
}

}  // namespace

int cmd_run(const Paths& paths, const RunArgs& args) {
  const auto experiments = resolve_targets(paths.root, args.targets);
  const bool needs_gpu = std::any_of(experiments.begin(), experiments.end(), [](const Experiment* e) {
    return e->backend_value == Backend::Cuda;
  });
  if (needs_gpu) {
    const std::string why = cuda_unavailable_reason();
    if (!why.empty()) {
      spdlog::error("{}: these experiments need a CUDA GPU. The CPU pipeline runs without one: "
                    "fuselab run attention/v900_cpu_reference", why);
      return exit_code::kNoGpu;
    }
  }
  RunOptions options;
  options.case_patterns = args.case_patterns;
  options.time = args.time;
  options.reference_root = paths.references;
  options.allocations = args.allocations;
  options.paired = args.paired;
  if (args.quick) options = quick(options);
  const std::string run_id = new_run_id();
  const std::string started = utc_now_iso();
  const RunResult result = run_experiments(experiments, options);
  if (args.time) write_run(paths, args, result, run_id, started);
  return exit_status(result, args.time);
}

int cmd_calibrate(const Paths& paths, const std::vector<std::string>& command_line) {
  const std::string why = cuda_unavailable_reason();
  if (!why.empty()) {
    spdlog::error("{}: calibration measures the GPU", why);
    return exit_code::kNoGpu;
  }
  const std::string run_id = new_run_id();
  nlohmann::json record = {{"schema", kRunRecordSchema}, {"kind", "calibration"},
                           {"run_id", run_id}, {"command", command_line},
                           {"started_utc", utc_now_iso()}, {"git", git_state(paths.root)},
                           {"build", build_info()},
                           {"environment", {{"gpu", to_json(read_gpu_environment())},
                                            {"clock_start", read_clock_state()}}}};
  record["ceilings"] = to_json(measure_ceilings());
  record["calibration"] = run_calibration(record["ceilings"]);
  record["environment"]["clock_end"] = read_clock_state();
  record["finished_utc"] = utc_now_iso();
  write_file_atomically(paths.records_dir, run_id + ".json", record.dump() + "\n");
  bool pass = true;
  for (const auto& [name, t] : record["calibration"].items()) pass &= t["pass"].get<bool>();
  const std::string text =
      render_calibration_entry(record, log_record_link(paths.records_dir, paths.log, run_id));
  append_to_log(paths.log, text);
  spdlog::info("calibration {}: {}", pass ? "passed" : "FAILED", record["calibration"].dump());
  return pass ? exit_code::kOk : exit_code::kFailed;
}

}  // namespace fuselab::cli
