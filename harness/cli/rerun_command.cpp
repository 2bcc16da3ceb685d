// `fuselab rerun RUN_ID [--exact]`: run a recorded run again with the same
// targets, --case patterns, --quick, --allocations and --paired (through
// cmd_run, or with --exact through a build of the record's commit,
// at_commit.h; either writes a new record and log entry), then print what
// changed in the environment and, per experiment and case, the new-vs-old
// speedup with the compare noise call.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>
#include <filesystem>
#include <set>

#include "harness/core/format_number.h"
#include "harness/cli/at_commit.h"
#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/compare.h"
#include "harness/core/env_diff.h"
#include "harness/core/record_index.h"

namespace fuselab::cli {
namespace {

using nlohmann::json;

constexpr auto fixed = &format_number;

std::string speedup_text(const std::optional<Speedup>& s) {
  if (!s) return "—";
  return fixed("×%.3f", s->ratio.mid) + " [" + fixed("%.3f", s->ratio.low) + ", " +
         fixed("%.3f", s->ratio.high) + "] " + call_name(s->call);
}

std::string median_text(const std::optional<Stats>& s, const Cell& c) {
  if (!c.present) return "—";
  return s ? fixed("%.2f", s->median) : c.status;
}

// One table over every experiment of the record: old and new cold medians,
// the new-vs-old speedups (old median / new median: > 1 = the rerun is faster).
std::string result_diff(const RecordIndex& index, const std::vector<std::string>& ids,
                        const std::string& old_run, const std::string& new_run, double floor) {
  std::string out =
      "| experiment | case | old cold µs | new cold µs | cold new vs old | hot new vs old |\n"
      "|---|---|---:|---:|---|---|\n";
  for (const auto& id : ids) {
    CompareOptions o;
    o.ids = {id + "@" + old_run, id + "@" + new_run};
    o.floor = floor;
    CompareMatrix m;
    try {
      m = build_compare(index, o);
    } catch (const std::runtime_error& e) {
      // Nothing timed in both runs (every case unsupported, or failed).
      out += "| " + id + " | (none) | | | not comparable | |\n";
      spdlog::warn("{}: {}", id, e.what());
      continue;
    }
    for (std::size_t row = 0; row < m.cases.size(); ++row) {
      const Cell& old_cell = m.cells[row][0];
      const Cell& new_cell = m.cells[row][1];
      out += "| " + id + " | " + m.cases[row] + " | " + median_text(old_cell.cold, old_cell) +
             " | " + median_text(new_cell.cold, new_cell) + " | " +
             speedup_text(new_cell.cold_speedup) + " | " + speedup_text(new_cell.hot_speedup) +
             " |\n";
    }
  }
  return out;
}

// What a record ran: its ids (peers refused) and its settings.
struct RerunPlan {
  std::vector<std::string> ids;
  RunArgs args;
};

RerunPlan plan_rerun(const std::string& run_id, const json& record) {
  RerunPlan plan;
  for (const json& e : record["experiments"]) {
    if (e.value("peer", false))
      throw std::runtime_error("run " + run_id + " holds PyTorch peer results (" +
                               e.value("id", std::string()) +
                               "), which fuselab does not run. Fix: re-measure peers with their "
                               "script, or rerun a record of fuselab's own versions");
    const std::string id = e.value("id", std::string());
    if (std::find(plan.ids.begin(), plan.ids.end(), id) == plan.ids.end()) plan.ids.push_back(id);
  }
  if (plan.ids.empty())
    throw std::runtime_error("run " + run_id +
                             " has no experiments to run again. Fix: pick a "
                             "run record of `fuselab run` (not a calibration)");
  RunArgs& args = plan.args;
  args.targets = plan.ids;
  if (record.contains("settings") && record["settings"].is_object()) {
    const json& s = record["settings"];
    if (s.contains("case_patterns") && s["case_patterns"].is_array())
      args.case_patterns = s["case_patterns"].get<std::vector<std::string>>();
    args.quick = s.value("quick", false);
    args.allocations = s.value("allocations", 1);  // records before the option: one allocation
    args.paired = s.value("paired", false);
    args.prediction_cases = s.value("prediction_cases", false);
    args.settle_allocations = s.value("settle_allocations", 0);  // records before the option: none
  }
  std::string settings = args.quick ? " --quick" : "";
  if (args.allocations > 1) settings += " --allocations " + std::to_string(args.allocations);
  settings += args.paired ? " --paired" : " --unpaired";
  if (args.prediction_cases) settings += " --prediction-cases";
  if (args.paired) settings += " --settle-allocations " + std::to_string(args.settle_allocations);
  for (const auto& p : args.case_patterns) settings += " --case '" + p + "'";
  spdlog::info("rerun of {}: {} experiment(s){}", run_id, plan.ids.size(), settings);
  return plan;
}

// --exact: the record's commit, or the refusal (no commit; uncommitted
// changes, unless allowed).
std::string exact_commit(const std::string& run_id, const json& record, bool allow_dirty) {
  const json git = record.contains("git") && record["git"].is_object() ? record["git"] : json::object();
  const json commit = git.value("commit", json());
  if (!commit.is_string() || commit.get<std::string>().empty()) {
    const json source = git.value("source", json("no git block"));
    throw std::runtime_error("run " + run_id + " records no git commit (" +
                             (source.is_string() ? source.get<std::string>() : source.dump()) +
                             "), so there is no source to rebuild. Fix: rerun it without --exact, "
                             "with this build");
  }
  const std::string sha = commit.get<std::string>();
  if (git.value("dirty", json()) == json(true)) {
    if (!allow_dirty)
      throw std::runtime_error("run " + run_id + " was made with uncommitted changes on top of " + sha +
                               ", which a build of the commit does not have. Fix: add --allow-dirty "
                               "to rebuild the commit anyway, or rerun without --exact");
    spdlog::warn("run {} was made with uncommitted changes on top of {}: they are not in the rebuilt "
                 "source, so any difference may come from them", run_id, sha);
  }
  return sha;
}

// The record the rerun wrote: new since `before`, with the command it ran.
// Paths are compared by their last name: a record stores them relative to
// the checkout that ran it (record_format.h), which --exact's is not.
const LoadedRecord& fresh_record(const RecordIndex& after, const RecordIndex& before,
                                 const std::vector<std::string>& command, const std::string& dir) {
  const auto arguments = [](const json& c) {
    std::vector<std::string> out;
    for (std::size_t i = 1; c.is_array() && i < c.size(); ++i) {
      const std::string arg = c[i].is_string() ? c[i].get<std::string>() : c[i].dump();
      out.push_back(arg.find('/') == std::string::npos ? arg : std::filesystem::path(arg).filename().string());
    }
    return out;
  };
  const auto wanted = arguments(json(command));
  std::set<std::string> existing;
  for (const auto& r : before.records()) existing.insert(r.run_id);
  const LoadedRecord* fresh = nullptr;
  for (const auto& r : after.records())
    if (!existing.count(r.run_id) &&
        arguments(r.json->value("command", json::array())) == wanted)
      fresh = &r;
  if (!fresh)
    throw std::runtime_error("the rerun wrote no new run record in " + dir +
                             ". Fix: see the messages above (the run may have stopped early)");
  return *fresh;
}

void print_rerun_diff(const RecordIndex& after, const std::string& run_id, const json& record,
                      const LoadedRecord& fresh, const std::vector<std::string>& ids, double floor) {
  std::cout << "## rerun of " << run_id << " as " << fresh.run_id << "\n\n"
            << "### Environment (old = " << run_id << ", new = " << fresh.run_id << ")\n\n"
            << render_env_diff_md(environment_diff(record, *fresh.json)) << "\n"
            << "### Results: speedup = old median / new median (> 1: the rerun is faster), "
            << "95 % bootstrap interval; SAME when it contains 1 or is within "
            << fixed("%.0f", floor * 100) << " % of 1\n\n"
            << result_diff(after, ids, run_id, fresh.run_id, floor);
}

}  // namespace

int cmd_rerun(const Paths& paths, const RerunArgs& rerun) {
  const RecordIndex before = load_records_for_reading(paths.records_dir);
  const json& record = *before.run(rerun.run_id).json;
  RerunPlan plan = plan_rerun(rerun.run_id, record);
  plan.args.command_line = rerun.command_line;

  // The command the new record holds: this one, or --exact's build's.
  std::vector<std::string> recorded_command = rerun.command_line;
  int status = exit_code::kOk;
  if (rerun.exact) {
    const std::string commit = exact_commit(rerun.run_id, record, rerun.allow_dirty);
    status = run_at_commit(paths, plan.args, commit, &recorded_command);
  } else {
    status = cmd_run(paths, plan.args);
  }
  if (status == exit_code::kNoGpu || status == exit_code::kBadInput) return status;

  const RecordIndex after = load_records_for_reading(paths.records_dir);
  const LoadedRecord& fresh = fresh_record(after, before, recorded_command, paths.records_dir);
  print_rerun_diff(after, rerun.run_id, record, fresh, plan.ids, rerun.floor);
  return status;
}

}  // namespace fuselab::cli
