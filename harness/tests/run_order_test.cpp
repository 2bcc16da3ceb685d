// The order of a run: baselines before the experiments whose predictions
// name them, through chains of targets.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <string>

#include "harness/core/run_order.h"

namespace fuselab {
namespace {

struct Family {
  std::deque<Experiment> all;
  std::map<std::string, const Experiment*> by_id;
  const Experiment* add(const std::string& version, const std::string& baseline = "") {
    Experiment& e = all.emplace_back();
    e.family = "sinusoidal";
    e.version = version;
    if (!baseline.empty()) e.prediction(faster_than("sinusoidal/" + baseline, 1.05));
    by_id[e.id()] = &e;
    return &e;
  }
  std::vector<std::string> order(const std::vector<const Experiment*>& targets) const {
    std::vector<std::string> ids;
    for (const Experiment* e : order_with_baselines(targets, [&](const std::string& id) -> const Experiment* {
           auto it = by_id.find(id);
           return it == by_id.end() ? nullptr : it->second;
         }))
      ids.push_back(e->version);
    return ids;
  }
};

TEST(RunOrder, AChainOfTargetsRunsBaselineFirst) {
  Family f;
  const Experiment* v051 = f.add("v051_root");
  (void)v051;
  f.add("v053_base", "v051_root");
  const Experiment* v086 = f.add("v086_mid", "v053_base");
  const Experiment* v087 = f.add("v087_top", "v086_mid");
  // v087 names v086, which names v053: all three run, v053 first. v051 (the
  // baseline of a baseline that is not a target) does not.
  EXPECT_EQ(f.order({v087, v086}), (std::vector<std::string>{"v053_base", "v086_mid", "v087_top"}));
  EXPECT_EQ(f.order({v086, v087}), (std::vector<std::string>{"v053_base", "v086_mid", "v087_top"}));
}

TEST(RunOrder, BaselinesFirstThenTheTargetsInTheOrderGiven) {
  Family f;
  f.add("v001_a");
  f.add("v002_b");
  const Experiment* x = f.add("v010_x", "v001_a");
  const Experiment* y = f.add("v011_y", "v002_b");
  const Experiment* z = f.add("v012_z");
  EXPECT_EQ(f.order({z, y, x}), (std::vector<std::string>{"v002_b", "v001_a", "v012_z", "v011_y", "v010_x"}));
}

TEST(RunOrder, AnUnknownBaselineOrACycleDoesNotStopTheRun) {
  Family f;
  const Experiment* lone = f.add("v001_lone", "v099_absent");
  const Experiment* p = f.add("v002_p", "v003_q");
  const Experiment* q = f.add("v003_q", "v002_p");
  EXPECT_EQ(f.order({lone}), (std::vector<std::string>{"v001_lone"}));
  const auto both = f.order({p, q});
  EXPECT_EQ(both.size(), 2u);
}

}  // namespace
}  // namespace fuselab
