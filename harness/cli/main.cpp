// fuselab: the command line. See README.md for the commands and exit codes.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <iostream>

#include "harness/cli/at_commit.h"
#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/provenance.h"

int main(int argc, char** argv) {
  using namespace fuselab;
  // Lazy module loading can synchronise the device at a kernel's first
  // launch, which would deadlock with the cold timer's held stream.
  setenv("CUDA_MODULE_LOADING", "EAGER", 0);
  CLI::App app{"fuselab: a lab bench for attention kernels with fused positional embeddings"};
  app.require_subcommand(1);
  cli::Paths paths;
  paths.root = repository_root();
  app.add_option("--root", paths.root, "repository root (default: the source tree, or $FUSELAB_ROOT)");
  app.add_option("--records-dir", paths.records_dir, "where run records go (default: reports/runs)");
  app.add_option("--log", paths.log, "the optimization log's front page (default: OPTIMIZATION_LOG.md); its dated entries go to reports/log/ beside it");
  app.add_option("--references", paths.references, "reference folder (default: reference_data)");

  cli::RunArgs run_args;
  bool list_all = false;
  auto* list = app.add_subcommand("list", "list experiments");
  list->add_flag("--all", list_all, "also the archived versions, each with the command that reruns it");
  std::vector<std::string> archive_ids;
  auto* archive = app.add_subcommand("archive", "move versions out of the default build into the archive index");
  archive->add_option("ids", archive_ids, "ids as `fuselab list` prints them (family/vNNN_slug)")->required();
  std::string show_id;
  auto* show = app.add_subcommand("show", "show one experiment's declaration");
  show->add_option("id", show_id)->required();
  auto* check = app.add_subcommand("check", "check correctness on every case (no timing)");
  check->add_option("targets", run_args.targets, "ids, family/vN, families, globs")->required();
  check->add_option("--case", run_args.case_patterns, "case name globs");
  auto* run = app.add_subcommand("run", "check, time, record and log");
  run->add_option("targets", run_args.targets, "ids, family/vN, families, globs or all")->required();
  run->add_option("--case", run_args.case_patterns, "case name globs");
  run->add_flag("--quick", run_args.quick, "shorter sampling budget and looser noise target");
  run->add_option("--allocations", run_args.allocations,
                  "time each case on K allocations of its inputs, output and workspace, in turns "
                  "(small launches: where the buffers land moves a launch's time)")
      ->check(CLI::Range(1, 64));
  run->add_flag("--paired,!--unpaired", run_args.paired,
                "(default) also time each version in turns with its prediction's baseline, case by case, over "
                "the allocations, and take the verdict on that paired speedup; --unpaired: time each once "
                "(a verdict against a baseline is then INCONCLUSIVE)");
  run->add_option("--settle-allocations", run_args.settle_allocations,
                  "pair a case whose interval holds its prediction's bar again over K allocations before the "
                  "verdict (default: 4 x --allocations, at most 64; 0: never)")
      ->check(CLI::Range(0, 256));
  run->add_flag("--prediction-cases", run_args.prediction_cases,
                "time each version only on the cases its prediction names (all when it names none), and its "
                "baseline on those; a version without a prediction is left out");
  auto* shard_option = run->add_option("--shard", run_args.shard,
                  "run shard I of N (0-based): a part of the (version, case) pairs balanced by earlier "
                  "records' times; a version and its baseline share a shard (docs/sweeps.md)");
  run->add_option("--costs-before", run_args.costs_before,
                  "--shard: plan from the records started before this UTC time (ISO 8601), so that shards "
                  "started at different times get the same partition (sweep sets it)")
      ->needs(shard_option);
  std::string at_commit;
  run->add_option("--at", at_commit,
                  "build this git commit (or its source archive) in a temporary tree and run the ids "
                  "(exact ids only) with that build, recorded here");
  cli::SweepArgs sweep_args;
  auto* sweep = app.add_subcommand(
      "sweep", "one `run --shard I/N` per GPU of this host (or a Slurm job array), then the reports once");
  sweep->add_option("targets", sweep_args.run.targets, "ids, family/vN, families, globs or all")->required();
  sweep->add_option("--case", sweep_args.run.case_patterns, "case name globs");
  sweep->add_flag("--quick", sweep_args.run.quick, "as run's");
  sweep->add_option("--allocations", sweep_args.run.allocations, "as run's")->check(CLI::Range(1, 64));
  sweep->add_flag("--paired,!--unpaired", sweep_args.run.paired, "as run's");
  sweep->add_flag("--prediction-cases", sweep_args.run.prediction_cases, "as run's");
  sweep->add_option("--settle-allocations", sweep_args.run.settle_allocations, "as run's")->check(CLI::Range(0, 256));
  sweep->add_flag("--alone", sweep_args.alone,
                  "one shard at a time (each still on its own GPU), so that no timed GPU has a busy neighbour");
  sweep->add_option("--logs-dir", sweep_args.logs_dir,
                    "each shard's log (and --slurm's scripts) here (default build/sweep-logs/<UTC stamp>)");
  sweep->add_option("--reports-dir", sweep_args.reports_dir, "the report's output folder (default: reports)");
  sweep->add_flag("--no-plots", sweep_args.no_plots, "the report leaves the plots alone");
  sweep->add_option("--shard-timeout", sweep_args.shard_timeout_s,
                    "stop a shard running longer than this many seconds, and report it (default: no limit)")
      ->check(CLI::Range(0.0, 1e7));
  sweep->add_option("--progress-every", sweep_args.progress_every_s,
                    "a progress line per running GPU every this many seconds (default 60; 0: none)")
      ->check(CLI::Range(0.0, 1e7));
  auto* slurm = sweep->add_flag("--slurm", sweep_args.slurm,
                                "write (and submit with sbatch) a job array, one shard a task, and a report job");
  sweep->add_option("--shards", sweep_args.shards, "--slurm: the number of shards (array tasks)")
      ->check(CLI::Range(1, 100000))
      ->needs(slurm);
  sweep->add_option("--partition", sweep_args.partition, "--slurm: the partition")->needs(slurm);
  sweep->add_option("--gpus-per-task", sweep_args.gpus_per_task, "--slurm: GPUs a task asks for (1: a shard "
                    "times on one GPU)")->needs(slurm);
  sweep->add_option("--time", sweep_args.time_limit, "--slurm: each task's time limit (sbatch --time)")
      ->needs(slurm);
  sweep->add_flag("--dry-run", sweep_args.dry_run, "--slurm: write and print the scripts, submit nothing")
      ->needs(slurm);
  bool with_ceilings = false;
  auto* env = app.add_subcommand("env", "describe the machine (GPU, driver, build, git)");
  env->add_flag("--ceilings", with_ceilings, "also measure the copy and FP32 ceilings");
  auto* refs = app.add_subcommand("refs", "reference data");
  std::vector<std::string> families;
  auto* verify = refs->add_subcommand("verify", "verify reference files against MANIFEST");
  verify->add_option("families", families, "families (default: all)");
  refs->require_subcommand(1);
  auto* calibrate = app.add_subcommand("calibrate", "timing self-test, recorded and logged");
  std::vector<std::string> case_families;
  bool cases_json = false;
  auto* cases = app.add_subcommand("cases", "every case with its minimal bytes and FLOPs");
  cases->add_option("families", case_families, "families (default: all)");
  cases->add_flag("--json", cases_json, "print JSON (what harness/peers/torch_peers.py reads)");
  cli::CompareArgs compare_args;
  auto* compare = app.add_subcommand("compare", "versions x cases table from the run records");
  compare->add_option("ids", compare_args.ids, "ids, family/vN, families, globs, ID@RUN_ID; first = baseline")
      ->required();
  compare->add_option("--case", compare_args.case_patterns, "case name globs");
  compare->add_option("--runs", compare_args.runs, "latest (default) or RUN_ID... (after the ids)");
  compare->add_option("--format", compare_args.format, "md, json, csv or gbench")
      ->check(CLI::IsMember({"md", "json", "csv", "gbench"}));
  compare->add_option("--out", compare_args.out, "write to this file (gbench: this folder)");
  compare->add_option("--floor", compare_args.floor, "relative difference below which SAME (default 0.03)")
      ->check(CLI::Range(0.0, 1.0));
  cli::RerunArgs rerun_args;
  auto* rerun = app.add_subcommand("rerun", "run a recorded run again; environment and result diff");
  rerun->add_option("run_id", rerun_args.run_id, "a run id from reports/runs")->required();
  auto* exact = rerun->add_flag("--exact", rerun_args.exact,
                                "build the record's git commit in a temporary tree and rerun with that build");
  rerun->add_flag("--allow-dirty", rerun_args.allow_dirty,
                  "--exact of a record made with uncommitted changes (they are not rebuilt)")
      ->needs(exact);
  rerun->add_option("--floor", rerun_args.floor, "relative difference below which SAME (default 0.03)")
      ->check(CLI::Range(0.0, 1.0));
  cli::ReportArgs report_args;
  auto* report = app.add_subcommand(
      "report", "regenerate the log (front page and dated files), reports/*.md and plots from the run records");
  report->add_option("--reports-dir", report_args.reports_dir, "output folder (default: reports)");
  report->add_flag("--no-plots", report_args.no_plots, "leave reports/plots/ alone (no matplotlib needed)");
  report->add_flag("--rebuild-log", report_args.rebuild_log,
                   "rewrite every dated log file from the records and notes, not only those that differ");
  report->add_option("--html", report_args.html_dir,
                     "also write the static site to browse the evidence into this folder (docs/site.md)");
  std::string dispatch_out, ops_out;
  auto* export_cmd = app.add_subcommand(
      "export", "write what the bench knows to tools outside it (docs/dispatch.md, docs/ops.md)");
  export_cmd->add_option("--dispatch", dispatch_out,
                         "the dispatch table of the library fuselab_kernels, as JSON (reports/dispatch.json)");
  export_cmd->add_option("--ops", ops_out,
                         "the ops' declarations the reference generator reads (reference_data/op_declarations.json)");
  export_cmd->require_option(1, 2);
  std::vector<std::string> convert_dirs;
  auto* convert = app.add_subcommand(
      "convert-records", "rewrite schema 1 run records (<id>.json) compact (<id>.json.gz, docs/records.md)");
  convert->add_option("dirs", convert_dirs, "records folders (default: the records folder)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? exit_code::kOk : exit_code::kBadInput;
  }
  if (paths.references.empty()) paths.references = paths.root + "/reference_data";
  if (paths.records_dir.empty()) paths.records_dir = paths.root + "/reports/runs";
  if (paths.log.empty()) paths.log = paths.root + "/OPTIMIZATION_LOG.md";
  run_args.command_line.assign(argv, argv + argc);
  rerun_args.command_line = run_args.command_line;
  sweep_args.run.command_line = run_args.command_line;
  spdlog::set_pattern("[%H:%M:%S] %^%l%$ %v");

  try {
    // Nothing resolves against this build's registry: the commit brings its own.
    if (*run && !at_commit.empty()) return cli::run_at_commit(paths, run_args, at_commit);
    if (*rerun && rerun_args.exact) return cli::cmd_rerun(paths, rerun_args);
    cli::validate_registry(paths.root);
    if (*list) return cli::cmd_list(paths.root, list_all);
    if (*show) return cli::cmd_show(paths.root, show_id);
    if (*archive) return cli::cmd_archive(paths, archive_ids);
    if (*env) return cli::cmd_env(with_ceilings);
    if (*verify) return cli::cmd_refs_verify(paths, families);
    if (*cases) return cli::cmd_cases(paths, case_families, cases_json);
    if (*calibrate) return cli::cmd_calibrate(paths, run_args.command_line);
    if (*compare) return cli::cmd_compare(paths, compare_args);
    if (*rerun) return cli::cmd_rerun(paths, rerun_args);
    if (*report) return cli::cmd_report(paths, report_args);
    if (*export_cmd) return cli::cmd_export(paths, dispatch_out, ops_out);
    if (*convert) return cli::cmd_convert_records(paths, convert_dirs);
    if (*sweep) return cli::cmd_sweep(paths, sweep_args);
    if (*check) run_args.time = false;
    return cli::cmd_run(paths, run_args);
  } catch (const std::exception& e) {
    std::cerr << "fuselab: " << e.what() << "\n";
    return exit_code::kBadInput;
  }
}
