// `fuselab check` and `fuselab run`: resolve targets, run them, and for `run`
// write the run record, Google Benchmark's JSON and the log entries.
#include <fnmatch.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <thread>

#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/cli/prediction_cases.h"
#include "harness/cli/shard_selection.h"
#include "harness/core/run_order.h"
#include "harness/core/optimization_log.h"
#include "harness/core/archive_index.h"
#include "harness/core/cases_file.h"
#include "harness/core/provenance.h"
#include "harness/core/registry.h"
#include "harness/core/run_record.h"
#include "harness/core/stop_request.h"
#include "harness/gpu/environment.h"
#include "harness/gpu/calibration.h"
#include "harness/gpu/run_engine.h"

namespace fuselab::cli {

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

// A --case glob that selects no case of the targets' families is a typo, not
// an empty run: refused before anything runs or is recorded.
void refuse_patterns_matching_nothing(const std::string& root, const std::vector<const Experiment*>& experiments,
                                      const std::vector<std::string>& patterns) {
  std::set<std::string> families;
  for (const Experiment* e : experiments) families.insert(e->family);
  for (const auto& pattern : patterns) {
    bool matched = false;
    for (const auto& family : families)
      for (const auto& c : load_family_cases(root, family).cases)
        matched |= fnmatch(pattern.c_str(), c.name.c_str(), 0) == 0;
    if (!matched) {
      std::string names;
      for (const auto& family : families) names += (names.empty() ? "" : " ") + family;
      throw std::runtime_error("--case '" + pattern + "' matches no case of " + names +
                               ". Fix: name cases as `fuselab cases " + names + "` lists them");
    }
  }
}

namespace {

// Where the run's record and log entry go must take them: checked before the
// first kernel, so a finished run is never lost to a folder it cannot write.
void check_outputs_writable(const Paths& paths) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(paths.records_dir, ec);
  const fs::path probe = fs::path(paths.records_dir) / (".write-check-" + std::to_string(getpid()));
  if (ec || !std::ofstream(probe).good())
    throw std::runtime_error("cannot write run records into " + paths.records_dir +
                             (ec ? " (" + ec.message() + ")" : std::string()) +
                             ". Fix: pass a writable folder with --records-dir");
  fs::remove(probe, ec);
  const fs::space_info space = fs::space(paths.records_dir, ec);
  constexpr std::uintmax_t kLeast = 64ull << 20;  // a run's record and Google Benchmark file, with room to spare
  if (!ec && space.available < kLeast)
    throw std::runtime_error(paths.records_dir + " has " + std::to_string(space.available >> 20) +
                             " MiB free, under the 64 MiB a run's record needs. Fix: free space, or pass "
                             "another folder with --records-dir");
  // The entries go to the dated files beside the log's front page.
  const fs::path log(paths.log), entries(log_entries_dir(paths.log));
  bool writable = (!fs::exists(log) || fs::is_regular_file(log)) && fs::is_directory(fs::absolute(log).parent_path());
  if (writable) {
    fs::create_directories(entries, ec);
    const fs::path log_probe = entries / (".write-check-" + std::to_string(getpid()));
    writable = !ec && std::ofstream(log_probe).good();
    fs::remove(log_probe, ec);
  }
  if (!writable)
    throw std::runtime_error("cannot append to the log " + paths.log + " (entries in " + entries.string() +
                             "). Fix: pass with --log a file (or a new one) in a writable folder; its dated "
                             "entries go to reports/log/ beside it");
}

int exit_status(const RunResult& r, bool timed) {
  if (!r.fatal.empty() || !r.stopped.empty()) return exit_code::kFailed;
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
               const std::string& run_id, const std::string& started, const ShardSelection* shard) {
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
                  {"allocations", resolved_allocations(args)}, {"paired", args.paired}, {"tolerance", kTolerance}};
  if (args.prediction_cases) ctx.settings["prediction_cases"] = true;
  if (resolved_settle_allocations(args) > 0) ctx.settings["settle_allocations"] = resolved_settle_allocations(args);
  if (!r.stopped.empty()) ctx.settings["stopped"] = r.stopped;
  if (shard) {
    ctx.settings["shard"] = shard->spec.text();
    ctx.settings["shard_plan"] = {{"fingerprint", shard->fingerprint},     {"pairs", shard->pairs.size()},
                                  {"of_pairs", shard->total_pairs},        {"units", shard->units},
                                  {"estimated_s", shard->load_s},          {"estimated_total_s", shard->total_s},
                                  {"costs_before", shard->costs_before}};
  }
  // The record first, then what derives from it: a kill after the record
  // leaves a record without its log entry, which `fuselab report` restores;
  // never an entry without its record. Google Benchmark's JSON is not kept
  // beside it: `fuselab compare --format gbench` makes it from the record.
  const nlohmann::json record = make_run_record(ctx, r.outcomes);
  write_run_record(paths.records_dir, record, paths.root);
  log_record(paths.log, paths.records_dir, record);
  spdlog::info("run record {}/{}; log {}", paths.records_dir, record_file_name(run_id),
               log_day_file(paths.log, log_day(run_id)));
}

// FUSELAB_TEST_FAIL_SHARD=I (tests of `fuselab sweep` only): shard I
// aborts, as a crash would, after its plan is logged and before any record;
// "I:hang": it sleeps instead, as a hung device would (--shard-timeout).
void fail_shard_if_asked(const ShardSpec& spec) {
  const char* which = std::getenv("FUSELAB_TEST_FAIL_SHARD");
  const std::string index = std::to_string(spec.index);
  if (!which || (which != index && which != index + ":hang")) return;
  const bool hang = which != index;
  spdlog::critical("shard {}: {} on purpose (FUSELAB_TEST_FAIL_SHARD={}, tests only)", spec.text(),
                   hang ? "hanging" : "aborting", which);
  spdlog::default_logger()->flush();
  if (hang) std::this_thread::sleep_for(std::chrono::hours(1));
  std::abort();
}

}  // namespace

int cmd_run(const Paths& paths, const RunArgs& args) {
  if (!args.shard.empty()) parse_shard(args.shard);  // bad input before anything else
  if (!args.costs_before.empty() &&
      !std::regex_match(args.costs_before, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")))
    throw std::runtime_error("--costs-before '" + args.costs_before +
                             "' is not a UTC time as records write it. Fix: e.g. --costs-before " + utc_now_iso());
  auto experiments = resolve_targets(paths.root, args.targets);
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
  refuse_patterns_matching_nothing(paths.root, experiments, args.case_patterns);
  if (args.time) check_outputs_writable(paths);
  RunOptions options;
  options.root = paths.root;
  options.case_patterns = args.case_patterns;
  options.time = args.time;
  options.reference_root = paths.references;
  options.allocations = resolved_allocations(args);
  options.paired = args.paired;
  options.settle_allocations = resolved_settle_allocations(args);
  if (args.quick) options = quick(options);
  if (args.prediction_cases) {
    options.only_pairs = prediction_pairs(paths.root, experiments, args.case_patterns);
    std::size_t without = 0;
    for (const Experiment* e : experiments) without += e->prediction_value.kind == Prediction::Kind::None;
    spdlog::info("--prediction-cases: {} (version, case) pair(s) decide the predictions of {} version(s){}",
                 options.only_pairs->size(), experiments.size() - without,
                 without ? "; " + std::to_string(without) + " without a prediction left out" : "");
    if (options.only_pairs->empty())
      throw std::runtime_error("--prediction-cases: no target has a prediction on a case --case selects. Fix: "
                               "drop --prediction-cases, or name versions that declare a prediction");
  }
  std::optional<ShardSelection> shard;
  if (!args.shard.empty()) {
    const auto find = [](const std::string& id) { return Registry::global().find(id); };
    shard = select_shard(paths, args, options, args.time ? order_with_baselines(experiments, find) : experiments);
    shard->costs_before = args.costs_before;
    spdlog::info("shard {}: {} of {} (version, case) pairs in {} units, {} version(s); estimated {:.0f} s of {:.0f} s "
                 "({} timed pair(s) costed from earlier records{}); plan {}",
                 shard->spec.text(), shard->pairs.size(), shard->total_pairs, shard->units,
                 shard->experiments.size(), shard->load_s, shard->total_s, shard->costed_from_records,
                 args.costs_before.empty() ? "" : " started before " + args.costs_before, shard->fingerprint);
    if (args.costs_before.empty() && shard->spec.count > 1)
      spdlog::warn("shard {}: no --costs-before: a shard started after another one wrote its record plans from "
                   "more records, and may split the pairs differently. Fix: give every shard the same "
                   "--costs-before UTC time (fuselab sweep does)", shard->spec.text());
    fail_shard_if_asked(shard->spec);
    if (shard->pairs.empty()) {
      spdlog::info("shard {} gets no pairs ({} pair(s) in {} unit(s) over {} shards): nothing to run, no record",
                   shard->spec.text(), shard->total_pairs, shard->units, shard->spec.count);
      return exit_code::kOk;
    }
    experiments = shard->experiments;
    options.only_pairs = shard->pairs;
  }
  const std::string run_id = new_run_id();
  const std::string started = utc_now_iso();
  install_stop_request_handlers();
  const RunResult result = run_experiments(experiments, options);
  if (args.time) write_run(paths, args, result, run_id, started, shard ? &*shard : nullptr);
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
  write_run_record(paths.records_dir, record, paths.root);
  bool pass = true;
  for (const auto& [name, t] : record["calibration"].items()) pass &= t["pass"].get<bool>();
  log_record(paths.log, paths.records_dir, record);
  spdlog::info("calibration {}: {}", pass ? "passed" : "FAILED", record["calibration"].dump());
  return pass ? exit_code::kOk : exit_code::kFailed;
}

}  // namespace fuselab::cli
