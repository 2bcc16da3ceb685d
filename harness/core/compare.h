// `fuselab compare`: a versions x cases matrix built from run records.
//
// Columns are experiment ids (the first is the baseline), rows are cases.
// Each cell holds the cold and hot medians, the speedup against the first
// column's cell on the same case with a 95 % bootstrap interval on the ratio
// of medians (from the raw samples), a FASTER / SLOWER / SAME call, the check
// error and pass/fail, and the fractions of the copy and FP32 ceilings.
//
// The noise call (call_speedup): speedup = median(baseline) / median(this),
// so > 1 means this column is faster.
//   SAME    the 95 % interval contains 1, or |speedup - 1| < floor
//           (default 3 %: two runs of the same commit on the H100 differed by
//           up to 2.3 % on the regular attention cases, 20261121T0114* vs
//           20261121T0216*; a difference below that is not evidence
//           across runs even when one run's interval is narrow);
//   FASTER  the interval lies wholly above 1 and speedup >= 1 + floor;
//   SLOWER  the interval lies wholly below 1 and speedup <= 1 - floor.
//
// Ids are resolved against the records, not the registry (a record can hold
// a version since removed, and peers): a full id, `family/vN`, a family name
// (its versions, canaries excepted), a glob (`'attention/v00*'`), and
// `ID@RUN_ID` (that id as measured in that run: old vs new of one version).
// PyTorch peers (`torch/...`) resolve within the family of the other ids.
// Every cell whose record comes from another GPU, driver, CUDA runtime or
// build (compiler, flags; not checked for peers, whose build is PyTorch's)
// than the baseline's is flagged, never silently mixed.
//
// build_compare throws std::runtime_error, one message with "Fix:", on: ids of
// different families, an id with no records, an unknown run id, an
// unparsable record (RecordIndex), no case timed in every column.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/env_diff.h"
#include "harness/core/record_index.h"
#include "harness/core/stats.h"

namespace fuselab {

enum class Call { Faster, Slower, Same };
const char* call_name(Call c);  // "FASTER", "SLOWER", "SAME"

constexpr double kDefaultNoiseFloor = 0.03;

struct Speedup {
  Interval ratio;  // median(baseline) / median(this); low, mid, high
  Call call = Call::Same;
};

// The noise call on raw samples (any unit, same for both). Deterministic.
Speedup call_speedup(const std::vector<double>& baseline, const std::vector<double>& candidate,
                     double floor = kDefaultNoiseFloor, double confidence = 0.95);

struct CompareOptions {
  std::vector<std::string> ids;            // as typed; at least one
  std::vector<std::string> case_patterns;  // globs; empty = every case
  std::vector<std::string> runs;           // empty or {"latest"}: newest per case over all
                                           // records; else only these run ids
  std::vector<std::string> case_order;     // row order (cases.yaml); others follow by name
  double floor = kDefaultNoiseFloor;
  double confidence = 0.95;
};

struct Column {
  std::string label;          // as shown: the id, or ID@RUN_ID
  std::string id;             // the experiment id
  std::string pinned_run;     // RUN_ID of an ID@RUN_ID column, else empty
  bool peer = false;
  std::vector<std::string> run_ids;  // records its cells come from, sorted
  std::vector<std::string> env_mismatch;  // describe() of each distinct difference, sorted
};

struct Cell {
  bool present = false;       // a result exists for this case
  std::string run_id, status; // "passed", "failed", "unsupported", ...
  std::optional<Stats> cold, hot;                // microseconds
  std::optional<Speedup> cold_speedup, hot_speedup;  // vs column 0; absent on column 0
  std::optional<double> max_abs_err;
  bool pass = false;          // status == "passed"
  std::optional<double> copy_fraction, fp32_fraction;
  std::vector<EnvField> env_mismatch;  // vs the baseline's record; empty = comparable
};

struct CompareMatrix {
  std::string family;
  std::vector<Column> columns;
  std::vector<std::string> cases;       // rows
  std::vector<std::vector<Cell>> cells; // [case][column]
  double floor = kDefaultNoiseFloor, confidence = 0.95;
  std::vector<std::string> runs;        // the --runs selection as given ("latest" when empty)
};

CompareMatrix build_compare(const RecordIndex& index, const CompareOptions& options);

// Renderings; all deterministic (fixed ordering and number formatting).
std::string render_markdown(const CompareMatrix& m);
nlohmann::json to_json(const CompareMatrix& m);
std::string render_csv(const CompareMatrix& m);
// Google Benchmark JSON, one document per column, keyed by a file name made
// from the column label ('/' -> '.', e.g. "attention.v002_split_d.json").
// Benchmark names drop the version ("<case>/cold", "<case>/hot") so
// tools/compare.py pairs them across files; every raw sample is one
// repetition (run_type "iteration", so compare.py's U test works) followed by
// the median, mean and stddev aggregates (compare.py -a shows only those).
std::map<std::string, nlohmann::json> render_gbench(const CompareMatrix& m);

}  // namespace fuselab
