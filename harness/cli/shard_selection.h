// `fuselab run TARGETS --shard I/N`: the (version, case) pairs the run would
// do, their costs from earlier records (shard_costs.h), the partition
// (shard_plan.h), and this shard's part of it.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "harness/cli/commands.h"
#include "harness/core/shard_plan.h"

namespace fuselab {
struct Experiment;
struct RunOptions;
}  // namespace fuselab

namespace fuselab::cli {

struct ShardSelection {
  ShardSpec spec;
  std::vector<const Experiment*> experiments;             // the run's order, those with a pair here
  std::set<std::pair<std::string, std::string>> pairs;    // (version id, case name)
  std::size_t total_pairs = 0, units = 0;
  std::size_t costed_from_records = 0;                   // pairs whose cost an earlier record gave
  double load_s = 0, total_s = 0;                        // estimated seconds: this shard, all shards
  std::string fingerprint;                                // ShardPlan::fingerprint
  std::string costs_before;                               // --costs-before, as given
};

// `ordered`: the run's experiments with their baselines (order_with_baselines).
ShardSelection select_shard(const Paths& paths, const RunArgs& args, const RunOptions& options,
                            const std::vector<const Experiment*>& ordered);

}  // namespace fuselab::cli
