// The run records under a folder (reports/runs/), loaded once and read many
// ways: by run id, and as "the latest result per (experiment id, family,
// case)" — what `fuselab compare` and `fuselab report` put in their tables.
//
// Loaded: every record file (record_format.h: `*.json.gz`, and schema 1's
// `*.json`) except calibration records (those with a "kind" field instead of "experiments").
// A record that does not parse, or has another schema, stops the load with one
// message naming the file and the fix (read_run_record's).
//
// Peer records (PyTorch, `torch/...`) have the same schema; their experiment
// entries carry "family" = the case family they were measured on and
// "peer": true. The same peer id can appear under several families, which is
// why a result is keyed by (experiment id, family, case), never by id alone.
//
//   RecordIndex index = RecordIndex::load("reports/runs");
//   const nlohmann::json& r = index.run("20261121T021717Z-vm-3168");
//   for (const CaseResult& c : index.latest()) ...            // every record
//   for (const CaseResult& c : index.latest({"2026...-3168"})) // these runs only
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace fuselab {

// One record as loaded. `json` is shared and never modified, so pointers into
// it (CaseResult) stay valid however the index is copied or moved.
struct LoadedRecord {
  std::string run_id;  // the record's "run_id" (= its file name without .json)
  std::string path;
  std::shared_ptr<const nlohmann::json> json;
  // Chronological key: "started_utc" then run id (run ids start with the UTC
  // time, so they sort the same way).
  std::string order_key() const;
};

// One case of one experiment in one record.
struct CaseResult {
  std::string experiment_id;  // attention/v002_..., torch/sdpa_eager
  std::string family;         // the case family (for peers: where it was measured)
  std::string case_name;
  bool peer = false;  // the experiment entry says "peer": true
  std::string run_id;
  std::shared_ptr<const nlohmann::json> record;  // environment, build, git, ceilings, settings
  const nlohmann::json* experiment = nullptr;    // record["experiments"][i]
  const nlohmann::json* case_entry = nullptr;    // experiment["cases"][j]

  std::string status() const;  // "passed", "failed", "unsupported", "error", "not run"
  bool timed() const;          // has timing.cold.samples
};

class RecordIndex {
 public:
  // What a record that fails its check does to the load: `Refuse` throws
  // (report: nothing is rendered from a bad record), `SkipAndWarn` leaves it
  // out and keeps its message in skipped() (compare, rerun: one bad record of
  // another family does not stop them).
  enum class OnBadRecord { Refuse, SkipAndWarn };

  // Loads every run record under `dir` (not recursive), each checked for
  // what the index and its readers take from it (JSON, schema, ids, case
  // names, the timing block's shape; `fuselab report` checks more). Throws
  // std::runtime_error on a missing folder, and on a bad record unless
  // SkipAndWarn (the message names the file and the fix). An empty folder is
  // not an error.
  static RecordIndex load(const std::string& dir, OnBadRecord on_bad = OnBadRecord::Refuse);

  // The messages of the records a SkipAndWarn load left out, by file.
  const std::vector<std::string>& skipped() const { return skipped_; }

  const std::string& dir() const { return dir_; }
  // Oldest first (order_key).
  const std::vector<LoadedRecord>& records() const { return records_; }

  // The record with this run id; throws "unknown run id ... Fix: ..." naming
  // the folder, how many records it holds and the newest ids (or, for a
  // record a SkipAndWarn load left out, what is wrong with it).
  const LoadedRecord& run(const std::string& run_id) const;

  // Every case of every experiment in the given runs (all runs when empty;
  // an unknown run id throws as run() does), reduced to the newest entry per
  // (experiment id, family, case). An entry whose status is "unsupported" or
  // "not run" never replaces an older one that ran (a narrower re-run does not
  // hide a result); "failed" and "error" do (a regression must show).
  // Sorted by family, experiment id, case name.
  std::vector<CaseResult> latest(const std::vector<std::string>& run_ids = {}) const;

  // Every case entry of the given runs without reduction, oldest run first,
  // then in record order. For `rerun` (one run) and history views.
  std::vector<CaseResult> all_results(const std::vector<std::string>& run_ids = {}) const;

  // The distinct (experiment id, family) pairs in the index, sorted.
  std::vector<std::pair<std::string, std::string>> experiments() const;

 private:
  std::string dir_;
  std::vector<LoadedRecord> records_;
  std::vector<std::string> skipped_;
};

// The case entries of one experiment entry of a record, as CaseResults.
std::vector<CaseResult> case_results(const LoadedRecord& record);

}  // namespace fuselab
