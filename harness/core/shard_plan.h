// Shards of a run (`fuselab run TARGETS --shard I/N`, issue 40): which
// (version, case) pairs each of N shards runs, so that the N finish at about
// the same time and every pair runs in exactly one shard.
//
// A pure function of four inputs: the ordered pairs the run would do, the
// prediction baselines (version id -> the id its prediction names), the
// cases each prediction names (version id -> case names), and a cost per
// pair in seconds. Pairs that must share a shard form a unit, never split:
//  - a version and the baseline its prediction names (transitively, through
//    a chain v087 -> v086 -> v053, when the baselines are in the run) on one
//    case name, so that every ratio comes from one run on one GPU;
//  - a version's pairs on the cases its prediction names, so that its
//    verdict is taken on all of them in one run (with the rule above, their
//    baselines' pairs on those cases come along). A prediction that names no
//    case (it covers every timed case) does not bind cases together: its
//    verdict per shard covers that shard's cases (docs/sweeps.md).
// The partition is a deterministic greedy: units by cost, largest first
// (ties: the unit's key, "id|case" of its first pair, in byte order), each
// into the least-loaded shard (ties: the lowest shard index). Hence the most
// loaded shard exceeds the least loaded by at most the largest unit's cost.
//
//   const ShardSpec s = parse_shard("1/4");
//   const ShardPlan plan = plan_shards(pairs, baselines, verdict_cases, costs, s.count);
//   for (std::size_t i : plan.shards[s.index]) ... pairs[i] ...  // in input order
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace fuselab {

struct ShardSpec {
  int index = 0;  // 0-based
  int count = 1;
  std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// "I/N" with 0 <= I < N, N >= 1; throws std::runtime_error naming the fix.
ShardSpec parse_shard(const std::string& text);

struct RunPair {
  std::string id;         // family/vNNN_slug
  std::string case_name;  // as in the family's cases.yaml
};

struct ShardPlan {
  int count = 1;
  // Per shard, indices into the input pairs, ascending (the run's order).
  std::vector<std::vector<std::size_t>> shards;
  std::vector<double> load_s;             // per shard, the sum of its pairs' costs
  std::vector<std::size_t> unit_of_pair;  // per input pair, its unit
  std::size_t units = 0;
  // sha256 (first 12 hex digits) of the assignment: equal in every shard
  // process that saw the same inputs, recorded with each shard's run.
  std::string fingerprint;
};

// `costs` is parallel to `pairs` (negative or non-finite costs are refused);
// `baseline_of` may name ids that are not in the pairs (they link nothing).
// Throws std::runtime_error on count < 1 or a size mismatch.
ShardPlan plan_shards(const std::vector<RunPair>& pairs, const std::map<std::string, std::string>& baseline_of,
                      const std::map<std::string, std::vector<std::string>>& verdict_cases,
                      const std::vector<double>& costs, int count);

}  // namespace fuselab
