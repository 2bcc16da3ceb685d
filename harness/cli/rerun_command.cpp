// `fuselab rerun RUN_ID`: run a recorded run again with the same targets,
// --case patterns and --quick setting (through cmd_run, so it writes a new
// record and log entry), then print what changed in the environment and,
// per experiment and case, the new-vs-old speedup with the compare noise call.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <iostream>
#include <set>

#include "harness/core/format_number.h"
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

}  // namespace

int cmd_rerun(const Paths& paths, const std::string& run_id,
              const std::vector<std::string>& command_line, double floor) {
  const RecordIndex before = RecordIndex::load(paths.records_dir);
  const LoadedRecord& old = before.run(run_id);
  const json& record = *old.json;

  RunArgs args;
  std::vector<std::string> ids;
  for (const json& e : record["experiments"]) {
    if (e.value("peer", false))
      throw std::runtime_error("run " + run_id + " holds PyTorch peer results (" +
                               e.value("id", std::string()) +
                               "), which fuselab does not run. Fix: re-measure peers with their "
                               "script, or rerun a record of fuselab's own versions");
    const std::string id = e.value("id", std::string());
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  if (ids.empty())
    throw std::runtime_error("run " + run_id +
                             " has no experiments to run again. Fix: pick a "
                             "run record of `fuselab run` (not a calibration)");
  args.targets = ids;
  if (record.contains("settings") && record["settings"].is_object()) {
    const json& s = record["settings"];
    if (s.contains("case_patterns") && s["case_patterns"].is_array())
      args.case_patterns = s["case_patterns"].get<std::vector<std::string>>();
    args.quick = s.value("quick", false);
    args.allocations = s.value("allocations", 1);  // records before the option: one allocation
    args.paired = s.value("paired", false);
  }
  args.command_line = command_line;
  std::string settings = args.quick ? " --quick" : "";
  if (args.allocations > 1) settings += " --allocations " + std::to_string(args.allocations);
  if (args.paired) settings += " --paired";
  for (const auto& p : args.case_patterns) settings += " --case '" + p + "'";
  spdlog::info("rerun of {}: {} experiment(s){}", run_id, ids.size(), settings);

  std::set<std::string> existing;
  for (const auto& r : before.records()) existing.insert(r.run_id);
  const int status = cmd_run(paths, args);
  if (status == exit_code::kNoGpu || status == exit_code::kBadInput) return status;

  // The new record: the one run that was not there before and holds this command.
  const RecordIndex after = RecordIndex::load(paths.records_dir);
  const LoadedRecord* fresh = nullptr;
  for (const auto& r : after.records())
    if (!existing.count(r.run_id) && r.json->value("command", json::array()) == json(command_line))
      fresh = &r;
  if (!fresh)
    throw std::runtime_error("the rerun wrote no new run record in " + paths.records_dir +
                             ". Fix: see the messages above (the run may have stopped early)");

  std::cout << "## rerun of " << run_id << " as " << fresh->run_id << "\n\n"
            << "### Environment (old = " << run_id << ", new = " << fresh->run_id << ")\n\n"
            << render_env_diff_md(environment_diff(record, *fresh->json)) << "\n"
            << "### Results: speedup = old median / new median (> 1: the rerun is faster), "
            << "95 % bootstrap interval; SAME when it contains 1 or is within "
            << fixed("%.0f", floor * 100) << " % of 1\n\n"
            << result_diff(after, ids, run_id, fresh->run_id, floor);
  return status;
}

}  // namespace fuselab::cli
