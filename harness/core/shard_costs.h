// What a (version, case) pair costs to run, for balancing shards
// (shard_plan.h): from the newest earlier record that timed it, the time its
// samples took — cold median x cold n + hot median x hot n — plus a fixed
// allowance for loading, checking and planning (kPairOverheadS); with no such
// record, a fair estimate: a whole sampling budget (cold + hot) plus that
// allowance. A pair that is not timed (unsupported by the version's limits, a
// case not for benchmarks, `check`) costs the allowance alone.
//
// Only records that started before `before_utc` count (empty: all), so that
// shards started at different times (a Slurm array, a shard rerun by hand)
// plan from the same records and so get the same partition: `fuselab sweep`
// passes its start time to every shard (--costs-before).
#pragma once

#include <map>
#include <string>
#include <utility>

#include "harness/core/record_index.h"

namespace fuselab {

constexpr double kPairOverheadS = 0.25;

class PairCosts {
 public:
  // Reads `index`'s records that started before `before_utc` (ISO 8601, as
  // records' started_utc; empty: all).
  static PairCosts from_records(const RecordIndex& index, const std::string& before_utc = "");

  // Seconds. `timed`: the run will time this pair. `budget_s`: the run's cold
  // + hot sampling budget (the estimate for a pair no record timed).
  double cost(const std::string& id, const std::string& case_name, bool timed, double budget_s) const;
  // Whether an earlier record timed this pair.
  bool known(const std::string& id, const std::string& case_name) const;
  std::size_t size() const { return seconds_.size(); }

  // For tests: a pair's recorded sampling time, as from_records would find it.
  void set(const std::string& id, const std::string& case_name, double seconds) {
    seconds_[{id, case_name}] = seconds;
  }

 private:
  std::map<std::pair<std::string, std::string>, double> seconds_;
};

}  // namespace fuselab
