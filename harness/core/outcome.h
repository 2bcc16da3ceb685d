// What one run measured, before it becomes a run record: per experiment,
// per case, the check, the timings and the raw samples.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/cases_file.h"
#include "harness/core/error_report.h"
#include "harness/core/experiment.h"
#include "harness/core/stats.h"

namespace fuselab {

enum class CaseStatus { Passed, Failed, Unsupported, Error, NotRun };
const char* status_name(CaseStatus s);

struct CaseOutcome {
  CaseSpec spec;
  CaseStatus status = CaseStatus::NotRun;
  std::string reason;  // unsupported / error / not-run explanation
  std::string reference_file;
  std::string reference_sha256;
  std::optional<CheckedBy> checked_by;  // which reference checked it (file, file rows, GPU float64)
  std::optional<ErrorReport> check;
  std::optional<ErrorReport> recheck;  // a later launch's output: the last timed one, or
                                       // untimed on a GPU, a second launch
  std::vector<double> cold_s;          // raw samples, seconds
  std::vector<double> hot_s;
  std::string hot_unavailable;         // why there is no hot timing
  // fuselab run --paired: this version and its prediction's baseline sampled
  // cold in turns (each on `allocations` allocations); `speedup` is the
  // median over rounds of t(baseline) / t(this), with its bootstrap interval.
  struct Paired {
    std::string baseline;
    int rounds = 0;
    int allocations = 0;
    Interval speedup;
    // Per allocation pair i (baseline's i-th, this version's i-th): the median
    // of its baseline samples over the median of its own. Their spread is
    // the part of the speedup that depends on where the buffers landed,
    // which the rounds' interval above does not see.
    std::vector<double> allocation_speedups;
  };
  std::optional<Paired> paired;
  bool timed() const { return !cold_s.empty(); }
};

struct Verdict {
  std::string value;  // CONFIRMED | REFUTED | INCONCLUSIVE | INVALID | UNTESTED
  std::string reason;
};

struct ExperimentOutcome {
  const Experiment* experiment = nullptr;
  std::string source_sha256;      // the module and its kernel header
  std::string closure_sha256;     // its whole include closure and flags (closure_hashes.h); "" where unknown
  int closure_files = 0;
  nlohmann::json resources;       // per kernel: registers, shared, local bytes
  nlohmann::json device_code;     // per kernel, its SASS's sha256 (device_code.h); null where unknown
  std::vector<CaseOutcome> cases;
  Verdict verdict;
  const CaseOutcome* find(const std::string& case_name) const;
};

}  // namespace fuselab
