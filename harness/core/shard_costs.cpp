#include "harness/core/shard_costs.h"

#include <cmath>
#include <vector>

#include "harness/core/stats.h"

namespace fuselab {
namespace {

// median x n of a timing series ({"samples": [µs…]}, as records hold them), or 0.
double series_seconds(const nlohmann::json& series) {
  if (!series.is_object() || !series.contains("samples") || !series["samples"].is_array()) return 0;
  std::vector<double> us;
  for (const auto& v : series["samples"])
    if (v.is_number()) us.push_back(v.get<double>());
  if (us.empty()) return 0;
  const double seconds = summarize(us).median * 1e-6 * static_cast<double>(us.size());
  return std::isfinite(seconds) && seconds > 0 ? seconds : 0;
}

}  // namespace

PairCosts PairCosts::from_records(const RecordIndex& index, const std::string& before_utc) {
  std::vector<std::string> runs;
  for (const LoadedRecord& r : index.records())
    if (before_utc.empty() || r.json->value("started_utc", std::string()) < before_utc) runs.push_back(r.run_id);
  PairCosts costs;
  if (runs.empty()) return costs;
  for (const CaseResult& c : index.latest(runs)) {
    if (c.peer || !c.timed() || !c.case_entry->contains("timing")) continue;
    const nlohmann::json& t = (*c.case_entry)["timing"];
    const double s = series_seconds(t.value("cold", nlohmann::json())) + series_seconds(t.value("hot", nlohmann::json()));
    if (s > 0) costs.seconds_[{c.experiment_id, c.case_name}] = s;
  }
  return costs;
}

bool PairCosts::known(const std::string& id, const std::string& case_name) const {
  return seconds_.count({id, case_name}) > 0;
}

double PairCosts::cost(const std::string& id, const std::string& case_name, bool timed, double budget_s) const {
  if (!timed) return kPairOverheadS;
  const auto it = seconds_.find({id, case_name});
  return kPairOverheadS + (it != seconds_.end() ? it->second : budget_s);
}

}  // namespace fuselab
