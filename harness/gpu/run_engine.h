// Runs experiments over their family's cases: load the reference, check
// (poisoned output, float64 compare: every element, against the GPU float64
// reference where the file holds sampled rows, check_reference.h), time (Google Benchmark drives the
// cold and hot samplers; its JSON is kept), check the last timed output
// again, compute verdicts.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/outcome.h"
#include "harness/gpu/sampling.h"

namespace fuselab {

struct RunOptions {
  std::string root;                        // repository root: cases.yaml and sources (--root)
  std::vector<std::string> case_patterns;  // globs on case names; empty = all
  bool time = true;                        // false: correctness only (`check`)
  std::string reference_root;              // the reference_data/ folder
  SamplingRule cold_rule;
  SamplingRule hot_rule;
  int hot_launches_per_graph = 20;  // at most; fewer when one launch is long
  // The cold series of a case rotates through this many allocations of its
  // inputs, output and workspace, each checked first: sample i runs on
  // allocation i % allocations. Hot replays stay on the first.
  int allocations = 1;
  // After a version's cases, each timed one is sampled again in turns with
  // the same case of its prediction's baseline (allocations of each), and the
  // verdict rests on that paired speedup (CaseOutcome::paired).
  bool paired = false;
  // With `paired`: a case whose verdict interval holds its prediction's bar
  // is paired again over this many allocations (fewer where they do not fit
  // the device) before the verdict; no more than `allocations`: never.
  int settle_allocations = 0;
  // A shard of a run (shard_plan.h): only these (version id, case name)
  // pairs run, and a version with none of them is left out; unset: all.
  std::optional<std::set<std::pair<std::string, std::string>>> only_pairs;
};

// --quick: fewer samples, a shorter budget.
RunOptions quick(RunOptions o);

struct RunResult {
  std::string backend;  // "cuda" or "cpu"
  std::vector<ExperimentOutcome> outcomes;
  nlohmann::json environment;  // gpu, host, clocks at start and end
  nlohmann::json ceilings;     // null on the CPU backend
  std::string fatal;           // a sticky device error that ended the run early
  std::string stopped;         // a stop asked for (SIGTERM, SIGINT) that ended it early
};

// Every experiment must share one backend. Baselines named by predictions
// are added (and run first) so that ratios come from this run.
RunResult run_experiments(std::vector<const Experiment*> experiments, const RunOptions& options);

}  // namespace fuselab
