// What `fuselab report` shows, computed once from the record index: per case
// family, its versions (lineage and latest verdicts), its PyTorch peers and
// the latest cold timing of each on each timed case (RecordIndex::latest).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/record_index.h"

namespace fuselab {

struct ReportCell {
  double median_us = 0, q1_us = 0, q3_us = 0;
  std::vector<double> samples_us;  // the raw cold samples (for intervals on ratios)
  std::optional<double> copy_fraction, fp32_fraction;  // absent without ceilings
  std::string run_id;
  bool passed = false;  // the check passed (status "passed")
};

struct ReportExperiment {
  std::string id;       // attention/v001_online_softmax, torch/sdpa_eager
  std::string label;    // v001_online_softmax, torch/sdpa_eager
  bool peer = false;
  const nlohmann::json* declaration = nullptr;  // the newest experiment entry
  std::string declaration_run;                  // its run id
  // The entry whose verdict the reports show: the newest one that tested the
  // prediction (not UNTESTED) of the same source as the newest entry; else
  // the newest entry. A run that only used the version as a baseline leaves
  // it UNTESTED, and that does not hide its last result.
  const nlohmann::json* verdict_entry = nullptr;
  std::string verdict_run;
  std::string archived_at;  // the last commit that held it, when archived; empty when built
  // The code behind the verdict shown, against this build: "current" (the
  // record's include closure is the build's), "changed since", "no closure on
  // record" (a record older than closure hashes), "not in this build",
  // "archived at COMMIT".
  std::string source_state;
};

struct FamilyModel {
  std::string family;
  std::vector<ReportExperiment> versions;  // by id; instruments (v9xx, canaries, CPU) left out
  std::vector<ReportExperiment> peers;     // by id
  std::vector<std::string> cases;          // timed cases, in case_order, then as the newest record lists them
  std::map<std::string, int> head_dim;     // case -> D (last number of its shape)
  std::map<std::string, std::string> shape;  // case -> its shape as the records write it
  std::map<std::pair<std::string, std::string>, ReportCell> cells;  // (id, case)
  std::string baseline;                    // the v000 version's id, or empty

  const ReportCell* cell(const std::string& id, const std::string& case_name) const;
  // The fastest peer on a case, or null.
  const ReportCell* best_peer(const std::string& case_name, std::string* peer_id = nullptr) const;
  // The fastest of our versions on a case (ties: the lower id), counting only
  // those whose check passed when `passing_only`; null when none timed it.
  const ReportExperiment* fastest_version(const std::string& case_name, bool passing_only) const;
  const ReportExperiment* version(const std::string& id) const;  // null when not ours
  // The parent links from the root (the baseline where the lineage reaches
  // it) down to `id`, `id` last; a parent not among the versions, or a loop,
  // ends the walk there.
  std::vector<std::string> ancestry(const std::string& id) const;
};

// Families in name order; each family's cases in case_order (cases.yaml's,
// case_names_in_order), then those it does not name as the newest record
// that ran the family lists them.
std::vector<FamilyModel> build_family_models(const RecordIndex& index,
                                             const std::vector<std::string>& case_order = {});

// An instrument of the bench rather than a step of a lineage.
bool is_instrument(const nlohmann::json& experiment);

}  // namespace fuselab
