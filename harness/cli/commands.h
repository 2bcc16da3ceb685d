// The subcommands of `fuselab`. Each returns an exit code (exit_codes.h) and
// throws std::runtime_error for bad input (main turns it into one message).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "harness/core/built_code.h"
#include "harness/core/record_index.h"

namespace fuselab {
struct Experiment;
}

namespace fuselab::cli {

struct Paths {
  std::string root;         // repository root
  std::string references;   // reference_data/
  std::string records_dir;  // reports/runs/
  std::string log;          // OPTIMIZATION_LOG.md
};

struct RunArgs {
  std::vector<std::string> targets;        // ids, short ids, families, globs, "all"
  std::vector<std::string> case_patterns;  // --case
  bool quick = false;
  int allocations = 0;                     // --allocations: input allocations a timed series rotates through;
                                           // 0: kPairedAllocations when paired, else 1 (resolved_allocations)
  bool paired = true;                      // --paired (default) / --unpaired: verdicts on versions sampled in
                                           // turns with their baseline
  int settle_allocations = -1;             // --settle-allocations: pair a case on its prediction's bar again over
                                           // this many; -1: resolved_settle_allocations's default
  bool prediction_cases = false;           // --prediction-cases: each version only on the cases its prediction names
  bool time = true;                        // false for `check`
  std::string shard;                       // --shard I/N (shard_plan.h); empty: the whole run
  std::string costs_before;                // --costs-before UTC: shard costs from records started before it
  std::vector<std::string> command_line;
};

// A paired verdict takes its interval over the allocation pairs (verdict.h):
// four, unless --allocations says otherwise; one when unpaired.
constexpr int kPairedAllocations = 4;
inline int resolved_allocations(const RunArgs& a) {
  return a.allocations > 0 ? a.allocations : a.paired ? kPairedAllocations : 1;
}
// A case whose paired interval holds its prediction's bar is paired again
// over four times the allocations, at most 64, before the verdict (note of
// 2026-11-28 01:00); 0 (or unpaired): never.
inline int resolved_settle_allocations(const RunArgs& a) {
  if (!a.paired) return 0;
  return a.settle_allocations >= 0 ? a.settle_allocations : std::min(64, 4 * resolved_allocations(a));
}

// `fuselab sweep`: one `run --shard I/N` per GPU of this host, or (--slurm)
// an sbatch array of them (sweep_command.cpp, slurm_scripts.h).
struct SweepArgs {
  RunArgs run;                 // targets, --case, --quick, --allocations, --paired / --unpaired, --prediction-cases
  std::string logs_dir;        // default <root>/build/sweep-logs/<stamp>
  std::string reports_dir;     // passed to the report at the end (default <root>/reports)
  bool no_plots = false;
  double shard_timeout_s = 0;  // a shard running longer is stopped and reported (0: no limit)
  double progress_every_s = 60;
  bool alone = false;          // --alone: one shard at a time, so that no GPU has a busy neighbour
  bool slurm = false;
  std::string partition;
  int gpus_per_task = 1;
  int shards = 0;              // --slurm: array tasks (one shard each)
  std::string time_limit;      // --slurm: --time of each task
  bool dry_run = false;
};

struct CompareArgs {
  std::vector<std::string> ids;            // ids, family/vN, families, globs, ID@RUN_ID
  std::vector<std::string> case_patterns;  // --case
  std::vector<std::string> runs;           // --runs latest | RUN_ID...
  std::string format = "md";               // md | json | csv | gbench
  std::string out;                         // file (md, json, csv) or folder (gbench)
  double floor = 0.03;                     // --floor: smallest relative difference called real
};

struct RerunArgs {
  std::string run_id;
  bool exact = false;        // --exact: rebuild the record's git commit and run with that build
  bool allow_dirty = false;  // --allow-dirty: --exact of a record made from uncommitted changes
  double floor = 0.03;       // --floor, as compare's
  std::vector<std::string> command_line;
};

struct ReportArgs {
  std::string reports_dir;   // default <root>/reports
  bool no_plots = false;
  bool rebuild_log = false;
  std::string html_dir;      // also write the site there (harness/core/site.h); empty: no site
};

int cmd_run(const Paths& paths, const RunArgs& args);
int cmd_sweep(const Paths& paths, const SweepArgs& args);
int cmd_compare(const Paths& paths, const CompareArgs& args);
int cmd_rerun(const Paths& paths, const RerunArgs& args);
int cmd_report(const Paths& paths, const ReportArgs& args);
int cmd_convert_records(const Paths& paths, const std::vector<std::string>& dirs);
int cmd_list(const std::string& root, bool with_archived);
// A built version's declaration, else an archived one's (with its commit).
int cmd_show(const std::string& root, const std::string& id);
// Moves versions out of the default build into the archive index.
int cmd_archive(const Paths& paths, const std::vector<std::string>& ids);
int cmd_env(bool with_ceilings);
int cmd_refs_verify(const Paths& paths, const std::vector<std::string>& families);
int cmd_calibrate(const Paths& paths, const std::vector<std::string>& command_line);
// Every case (of the given families, default all) with its minimal traffic.
int cmd_cases(const Paths& paths, const std::vector<std::string>& families, bool as_json);
// `export --dispatch FILE`: the dispatch table from the records (docs/dispatch.md);
// `export --ops FILE`: the ops' declarations as data (docs/ops.md). Either or both.
int cmd_export(const Paths& paths, const std::string& dispatch_out, const std::string& ops_out);

// The records of a folder for commands that read some of them (compare,
// rerun): a record that fails its check is left out with a warning naming it,
// so that one bad file does not stop every family.
RecordIndex load_records_for_reading(const std::string& records_dir);

// The code this build holds, as report and export judge records against it:
// each registered version's include closure, and the repository's witnesses
// of the same SASS (harness/core/built_code.h).
BuiltCode code_built_now(const Paths& paths);

// Targets as `run` resolves them: explicit ids keep canaries and CPU
// versions; families, globs and "all" select the CUDA versions that make
// claims. Throws on an archived id or an empty selection.
std::vector<const Experiment*> resolve_targets(const std::string& root, const std::vector<std::string>& targets);

// A --case glob that matches no case of the experiments' families: refused
// (throws, naming the fix).
void refuse_patterns_matching_nothing(const std::string& root, const std::vector<const Experiment*>& experiments,
                                      const std::vector<std::string>& patterns);

// Registry validation against the cases files; throws on the first problem.
void validate_registry(const std::string& root);

}  // namespace fuselab::cli
