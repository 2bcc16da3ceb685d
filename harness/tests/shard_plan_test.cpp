// Shards of a run (issue 40): every pair in exactly one shard, a version and
// its baseline on one case never split, the same plan on every call, a
// bounded imbalance; and the costs that earlier records give.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/core/record_index.h"
#include "harness/core/shard_costs.h"
#include "harness/core/shard_plan.h"
#include "harness/tests/synthetic_records.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

// A run of 3 families: chains of baselines (v003 -> v002 -> v001, v011 ->
// v010), versions without one, two predictions that name cases, and 6 cases
// each, with uneven costs.
struct SyntheticRun {
  std::vector<RunPair> pairs;
  std::map<std::string, std::string> baseline_of;
  std::map<std::string, std::vector<std::string>> verdict_cases;  // the cases a prediction names
  std::vector<double> costs;
};

SyntheticRun synthetic_run() {
  SyntheticRun r;
  const std::vector<std::string> ids = {"a/v001", "a/v002", "a/v003", "a/v010", "a/v011", "a/v020",
                                        "b/v001", "b/v002", "c/v005"};
  r.baseline_of = {{"a/v002", "a/v001"}, {"a/v003", "a/v002"}, {"a/v011", "a/v010"},
                   {"b/v002", "b/v001"}, {"c/v005", "c/v404_not_in_run"}};
  r.verdict_cases = {{"a/v003", {"case2", "case3"}}, {"c/v005", {"case0", "case1", "case9_not_run"}}};
  unsigned x = 12345;
  for (const auto& id : ids)
    for (int c = 0; c < 6; ++c) {
      r.pairs.push_back({id, "case" + std::to_string(c)});
      x = x * 1103515245u + 12345u;                            // a fixed, uneven cost table
      r.costs.push_back(0.05 + double((x >> 8) % 1000) / 100);  // 0.05 .. 10.04 s
    }
  return r;
}

// The unit of a pair in the synthetic run (what must share a shard): its
// baseline group on its case, with a-group's case2 and case3 (a/v003's
// prediction names them) and c/v005's case0 and case1 one unit each.
std::string unit_key(const std::string& id, const std::string& case_name) {
  std::string group = id;
  if (id == "a/v001" || id == "a/v002" || id == "a/v003") group = "a/v001";
  if (id == "a/v010" || id == "a/v011") group = "a/v010";
  if (id == "b/v001" || id == "b/v002") group = "b/v001";
  std::string c = case_name;
  if (group == "a/v001" && c == "case3") c = "case2";
  if (group == "c/v005" && c == "case1") c = "case0";
  return group + "|" + c;
}

TEST(ShardPlan, EveryPairRunsInExactlyOneShardForSeveralCounts) {
  const SyntheticRun r = synthetic_run();
  for (int n : {1, 2, 3, 7}) {
    const ShardPlan plan = plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, n);
    ASSERT_EQ(plan.shards.size(), static_cast<std::size_t>(n));
    std::vector<int> seen(r.pairs.size(), 0);
    for (const auto& shard : plan.shards) {
      EXPECT_TRUE(std::is_sorted(shard.begin(), shard.end())) << "a shard keeps the run's order";
      for (std::size_t i : shard) ++seen.at(i);
    }
    for (std::size_t i = 0; i < seen.size(); ++i)
      EXPECT_EQ(seen[i], 1) << "N=" << n << ": " << r.pairs[i].id << " " << r.pairs[i].case_name;
  }
}

TEST(ShardPlan, AVersionItsBaselinesAndItsVerdictCasesShareAShard) {
  const SyntheticRun r = synthetic_run();
  for (int n : {2, 3, 7}) {
    const ShardPlan plan = plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, n);
    std::map<std::string, int> shard_of_unit;  // component|case -> shard
    for (int s = 0; s < n; ++s)
      for (std::size_t i : plan.shards[s]) {
        const std::string key = unit_key(r.pairs[i].id, r.pairs[i].case_name);
        const auto [it, added] = shard_of_unit.emplace(key, s);
        EXPECT_EQ(it->second, s) << "N=" << n << ": " << key << " split over shards " << it->second << " and " << s;
      }
    EXPECT_EQ(plan.units, 6u * 5u - 2u);  // 5 baseline groups x 6 cases, two pairs of cases bound
  }
}

TEST(ShardPlan, TheSamePlanOnEveryCallAndInEveryProcess) {
  const SyntheticRun r = synthetic_run();
  for (int n : {1, 2, 3, 7}) {
    const ShardPlan a = plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, n);
    const SyntheticRun copy = synthetic_run();
    const ShardPlan b = plan_shards(copy.pairs, copy.baseline_of, copy.verdict_cases, copy.costs, n);
    EXPECT_EQ(a.shards, b.shards);
    EXPECT_EQ(a.fingerprint, b.fingerprint);
  }
  // Equal costs everywhere: ties go by unit key and shard index, still one answer.
  std::vector<double> flat(r.pairs.size(), 1.0);
  EXPECT_EQ(plan_shards(r.pairs, r.baseline_of, r.verdict_cases, flat, 4).shards, plan_shards(r.pairs, r.baseline_of, r.verdict_cases, flat, 4).shards);
  EXPECT_NE(plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, 2).fingerprint,
            plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, 3).fingerprint);
}

// The bound the greedy guarantees: each unit goes to the least-loaded shard,
// so the most loaded exceeds the least by at most the largest unit, and no
// shard exceeds the mean by more than it.
TEST(ShardPlan, BalancedWithinTheLargestUnit) {
  const SyntheticRun r = synthetic_run();
  for (int n : {2, 3, 7}) {
    const ShardPlan plan = plan_shards(r.pairs, r.baseline_of, r.verdict_cases, r.costs, n);
    std::map<std::size_t, double> unit_cost;
    for (std::size_t i = 0; i < r.pairs.size(); ++i) unit_cost[plan.unit_of_pair[i]] += r.costs[i];
    double largest = 0, total = 0;
    for (const auto& [u, c] : unit_cost) largest = std::max(largest, c), total += c;
    const auto [lo, hi] = std::minmax_element(plan.load_s.begin(), plan.load_s.end());
    EXPECT_LE(*hi - *lo, largest + 1e-9) << "N=" << n;
    EXPECT_LE(*hi, total / n + largest + 1e-9) << "N=" << n;
    // And here, where units are many and small, much better than that: within 10 % of the mean.
    EXPECT_LE(*hi, 1.10 * total / n) << "N=" << n;
  }
}

TEST(ShardPlan, MoreShardsThanUnitsLeavesSomeEmpty) {
  const std::vector<RunPair> pairs = {{"a/v001", "x"}, {"a/v002", "x"}, {"a/v001", "y"}, {"a/v002", "y"}};
  const ShardPlan plan = plan_shards(pairs, {{"a/v002", "a/v001"}}, {}, {1, 1, 3, 3}, 3);
  EXPECT_EQ(plan.units, 2u);
  EXPECT_EQ(plan.shards[0], (std::vector<std::size_t>{2, 3}));  // the costlier unit first, into shard 0
  EXPECT_EQ(plan.shards[1], (std::vector<std::size_t>{0, 1}));
  EXPECT_TRUE(plan.shards[2].empty());
}

TEST(ShardPlan, BadInputIsRefused) {
  const std::vector<RunPair> pairs = {{"a/v001", "x"}};
  EXPECT_THROW(plan_shards(pairs, {}, {}, {1.0}, 0), std::runtime_error);
  EXPECT_THROW(plan_shards(pairs, {}, {}, {}, 1), std::runtime_error);
  EXPECT_THROW(plan_shards(pairs, {}, {}, {-1.0}, 1), std::runtime_error);
}

TEST(ParseShard, ReadsIOverNAndNamesTheFixOtherwise) {
  EXPECT_EQ(parse_shard("0/1").count, 1);
  EXPECT_EQ(parse_shard("3/7").index, 3);
  EXPECT_EQ(parse_shard("3/7").text(), "3/7");
  for (const char* bad : {"7/7", "8/7", "0/0", "1", "a/b", "-1/2", "1/2/3", ""}) {
    try {
      parse_shard(bad);
      ADD_FAILURE() << "accepted --shard " << bad;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("Fix:"), std::string::npos) << e.what();
    }
  }
}

TEST(PairCosts, FromTheNewestEarlierRecordElseAFairEstimate) {
  const auto dir = test::scratch_dir();
  // Older record: v001 on "x" took 100 samples of 1000 µs (0.1 s); newer: 10 of 1000 µs (0.01 s).
  test::write_record(dir, test::synthetic_record("20261101T000000Z-vm-1",
                                                 {{"a/v001", "", {{"x", std::vector<double>(100, 1000.0), {}}}}}));
  test::write_record(dir, test::synthetic_record("20261102T000000Z-vm-2",
                                                 {{"a/v001", "", {{"x", std::vector<double>(10, 1000.0), {}}}}}));
  const RecordIndex index = RecordIndex::load(dir.string());
  const PairCosts all = PairCosts::from_records(index);
  EXPECT_NEAR(all.cost("a/v001", "x", true, 2.0), kPairOverheadS + 0.01, 1e-9);
  EXPECT_NEAR(all.cost("a/v001", "y", true, 2.0), kPairOverheadS + 2.0, 1e-9) << "no record: the budget";
  EXPECT_NEAR(all.cost("a/v001", "x", false, 2.0), kPairOverheadS, 1e-9) << "untimed: the allowance";
  // Only records started before the cutoff count: the older one.
  const PairCosts before = PairCosts::from_records(index, "2026-11-01T12:00:00Z");
  EXPECT_NEAR(before.cost("a/v001", "x", true, 2.0), kPairOverheadS + 0.1, 1e-9);
  EXPECT_EQ(PairCosts::from_records(index, "2026-10-01T00:00:00Z").size(), 0u);
}

}  // namespace
}  // namespace fuselab
