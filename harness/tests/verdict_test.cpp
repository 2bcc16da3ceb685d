// Verdicts from synthetic samples whose answer is known.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <random>

#include "harness/core/stats.h"
#include "harness/core/verdict.h"

namespace fuselab {
namespace {

std::vector<double> noisy(double center, double spread, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> d(center, spread);
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(d(rng));
  return v;
}

struct Fixture {
  Experiment base_exp, new_exp;
  ExperimentOutcome base, mine;
  Fixture(double base_us, double new_us, double factor) {
    base_exp.family = new_exp.family = "attention";
    base_exp.version = "v000_base";
    new_exp.version = "v001_new";
    new_exp.prediction(faster_than("attention/v000_base", factor));
    base.experiment = &base_exp;
    mine.experiment = &new_exp;
    CaseOutcome c;
    c.spec.name = "c1";
    c.spec.for_benchmarks = true;
    c.status = CaseStatus::Passed;
    c.cold_s = noisy(base_us * 1e-6, base_us * 1e-8, 50, 1);
    base.cases.push_back(c);
    c.cold_s = noisy(new_us * 1e-6, new_us * 1e-8, 50, 2);
    mine.cases.push_back(c);
  }
  // As `fuselab run` pairs by default: the speedup of the two series, on
  // four allocation pairs that agree with it; false: the series alone, or
  // the pairing a test sets.
  bool pair_the_series = true;
  Verdict verdict() {
    if (pair_the_series) {
      const Interval s = bootstrap_ratio_of_medians(base.cases[0].cold_s, mine.cases[0].cold_s);
      mine.cases[0].paired = CaseOutcome::Paired{"attention/v000_base", 50, 4, s, {}};
      for (double d : {-1e-3, 1e-3, -5e-4, 5e-4}) mine.cases[0].paired->allocation_speedups.push_back(s.mid + d);
    }
    return compute_verdict(mine, baselines());
  }
  std::function<const ExperimentOutcome*(const std::string&)> baselines() {
    return [this](const std::string& id) -> const ExperimentOutcome* {
      return id == "attention/v000_base" ? &base : nullptr;
    };
  }
  // Paired over 16 allocations, tight around `mid` (rounds +-0.005, pairs +-0.002).
  void pair_tightly(double mid) {
    pair_the_series = false;
    mine.cases[0].paired = CaseOutcome::Paired{"attention/v000_base", 500, 16, Interval{mid - 0.005, mid, mid + 0.005}, {}};
    for (int i = 0; i < 16; ++i) mine.cases[0].paired->allocation_speedups.push_back(mid + (i % 2 ? 0.002 : -0.002));
  }
};

TEST(Verdict, ConfirmedWhenClearlyFasterThanPredicted) {
  EXPECT_EQ(Fixture(100, 40, 2.0).verdict().value, "CONFIRMED");
}

TEST(Verdict, RefutedWhenClearlyShortOfThePrediction) {
  EXPECT_EQ(Fixture(100, 80, 2.0).verdict().value, "REFUTED");
}

TEST(Verdict, InconclusiveWhenThePredictionSitsInsideTheNoise) {
  Fixture f(100, 50, 2.0);
  f.base.cases[0].cold_s = noisy(100e-6, 10e-6, 12, 3);
  f.mine.cases[0].cold_s = noisy(50e-6, 5e-6, 12, 4);
  EXPECT_EQ(f.verdict().value, "INCONCLUSIVE");
}

TEST(Verdict, InvalidWhenACaseFailed) {
  Fixture f(100, 40, 2.0);
  f.mine.cases[0].status = CaseStatus::Failed;
  EXPECT_EQ(f.verdict().value, "INVALID");
}

TEST(Verdict, UntestedWhenTheBaselineWasNotMeasured) {
  Fixture f(100, 40, 2.0);
  f.new_exp.prediction(faster_than("attention/v005_absent", 2.0));
  EXPECT_EQ(f.verdict().value, "UNTESTED");
}

TEST(Verdict, SlowerThanPrediction) {
  Fixture f(100, 160, 2.0);  // the new version takes 1.6x the baseline's time
  f.new_exp.prediction(slower_than("attention/v000_base", 1.4));
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
  f.new_exp.prediction(slower_than("attention/v000_base", 2.0));
  EXPECT_EQ(f.verdict().value, "REFUTED");
  f.new_exp.prediction(slower_than("attention/v005_absent", 1.4));
  EXPECT_EQ(f.verdict().value, "UNTESTED");
}

TEST(Verdict, AbsoluteTimePrediction) {
  Fixture f(100, 40, 2.0);
  f.new_exp.prediction(at_most_us(45, {"c1"}));
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
  f.new_exp.prediction(at_most_us(30, {"c1"}));
  EXPECT_EQ(f.verdict().value, "REFUTED");
}

TEST(Verdict, ARatioTimedApartOrOnOneAllocationDecidesNothing) {
  // 2.5x against a 2x bar, far beyond the series' noise: still no verdict
  // unless it was paired over several allocations, and the fix is named.
  Fixture f(100, 40, 2.0);
  f.pair_the_series = false;
  Verdict v = f.verdict();
  EXPECT_EQ(v.value, "INCONCLUSIVE") << v.reason;
  EXPECT_NE(v.reason.find("unpaired"), std::string::npos) << v.reason;
  EXPECT_NE(v.reason.find("timed apart from attention/v000_base"), std::string::npos) << v.reason;
  EXPECT_NE(v.reason.find("Fix: run it paired"), std::string::npos) << v.reason;
  f.mine.cases[0].paired = CaseOutcome::Paired{"attention/v000_base", 500, 1, Interval{2.4, 2.5, 2.6}, {2.5}};
  v = f.verdict();
  EXPECT_EQ(v.value, "INCONCLUSIVE") << v.reason;
  EXPECT_NE(v.reason.find("paired on one allocation"), std::string::npos) << v.reason;
  f.mine.cases[0].paired->allocation_speedups = {2.45, 2.5, 2.55};
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
  // An absolute prediction needs no baseline and no pairing.
  f.new_exp.prediction(at_most_us(45, {"c1"}));
  f.mine.cases[0].paired.reset();
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
}

TEST(Verdict, PairedSpeedupWinsOverTheTwoSeries) {
  // The two series say 2.5x; sampled in turns the speedup is 1.1x.
  Fixture f(100, 40, 2.0);
  f.pair_the_series = false;
  f.mine.cases[0].paired = CaseOutcome::Paired{"attention/v000_base", 500, 4, Interval{1.08, 1.1, 1.12}, {1.09, 1.1, 1.11, 1.1}};
  const Verdict v = f.verdict();
  EXPECT_EQ(v.value, "REFUTED");
  EXPECT_NE(v.reason.find("paired"), std::string::npos) << v.reason;
  // Slower-than predictions read the same pairing inverted: 1 / 0.6 = 1.67x slower.
  f.mine.cases[0].paired->speedup = Interval{0.58, 0.6, 0.62};
  f.mine.cases[0].paired->allocation_speedups = {0.595, 0.6, 0.605, 0.6};
  f.new_exp.prediction(slower_than("attention/v000_base", 1.5));
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
  // A pairing with another baseline is not this prediction's: the ratio is
  // the series' (2.5x), timed apart, so no verdict.
  f.mine.cases[0].paired->baseline = "attention/v009_other";
  f.new_exp.prediction(faster_than("attention/v000_base", 2.0));
  EXPECT_EQ(f.verdict().value, "INCONCLUSIVE");
}

TEST(Verdict, PairedIntervalSpansWhereTheAllocationsLanded) {
  // The rounds say 1.04x [1.035, 1.045] against a 1.02x bar; the allocation
  // pairs (H200, 1x4x64x128, sd ~0.035) say the mean is ~1.04 +- 0.03:
  // not enough to confirm a 2 % effect.
  Fixture f(100, 40, 2.0);
  f.pair_the_series = false;
  f.new_exp.prediction(faster_than("attention/v000_base", 1.02));
  f.mine.cases[0].paired = CaseOutcome::Paired{"attention/v000_base", 500, 4, Interval{1.035, 1.04, 1.045}, {}};
  EXPECT_EQ(f.verdict().value, "INCONCLUSIVE");  // no allocation pairs on record: the rounds alone decide nothing
  f.mine.cases[0].paired->allocation_speedups = {0.99, 1.08, 1.01, 1.07};
  const Verdict v = f.verdict();
  EXPECT_EQ(v.value, "INCONCLUSIVE") << v.reason;
  EXPECT_NE(v.reason.find("over 4 allocations"), std::string::npos) << v.reason;
  // Sixteen pairs as tight as D = 8192's (sd ~0.007) leave the rounds' interval as it is.
  f.mine.cases[0].paired->allocation_speedups.assign(16, 1.04);
  for (int i = 0; i < 16; ++i) f.mine.cases[0].paired->allocation_speedups[i] += (i % 2 ? 0.002 : -0.002);
  EXPECT_EQ(f.verdict().value, "CONFIRMED");
}

TEST(Verdict, TheIntervalCoversTheSpreadBetweenRuns) {
  // 1.04x, tight within this run (rounds [1.035, 1.045], 16 pairs within
  // +-0.002): another machine's run lands within about 1.5 % of it, so a bar
  // inside that band is not decided either way.
  Fixture f(100, 40, 2.0);
  f.pair_tightly(1.04);
  const auto verdict_at = [&](double bar) {
    f.new_exp.prediction(faster_than("attention/v000_base", bar));
    return f.verdict();
  };
  EXPECT_EQ(verdict_at(1.01).value, "CONFIRMED");
  const Verdict near = verdict_at(1.03);
  EXPECT_EQ(near.value, "INCONCLUSIVE") << near.reason;
  EXPECT_NE(near.reason.find("between runs"), std::string::npos) << near.reason;
  EXPECT_EQ(verdict_at(1.055).value, "INCONCLUSIVE");
  EXPECT_EQ(verdict_at(1.07).value, "REFUTED");
}

TEST(Verdict, TheCasesOnTheBarAreThoseMorePairsCouldSettle) {
  Fixture f(100, 40, 2.0);
  f.pair_tightly(1.04);
  const auto on_the_bar = [&](double bar) {
    f.new_exp.prediction(faster_than("attention/v000_base", bar));
    return cases_on_the_bar(f.mine, f.baselines());
  };
  EXPECT_EQ(on_the_bar(1.03), std::vector<std::string>{"c1"});  // INCONCLUSIVE: the bar inside the interval
  EXPECT_TRUE(on_the_bar(1.01).empty());                        // CONFIRMED
  EXPECT_TRUE(on_the_bar(1.07).empty());                        // REFUTED
  f.mine.cases[0].paired->allocation_speedups.resize(1);        // one allocation: more pairs are not the fix
  EXPECT_TRUE(on_the_bar(1.03).empty());
  f.mine.cases[0].paired.reset();  // timed apart
  EXPECT_TRUE(on_the_bar(1.03).empty());
  f.new_exp.prediction(at_most_us(40.5, {"c1"}));  // an absolute bound sits on its bar, but pairs cannot move it
  EXPECT_TRUE(cases_on_the_bar(f.mine, [](const std::string&) { return nullptr; }).empty());
}

TEST(Verdict, AnAbsoluteBoundAllowsForHowFarMachinesDiffer) {
  // A bound in µs is not paired with anything: it is widened by the spread
  // of medians between machines, ~25 % for a launch under 10 µs, ~2.5 % above.
  const auto verdict_of = [](double median_us, double bound_us) {
    Fixture f(100, 40, 2.0);
    f.pair_the_series = false;
    f.new_exp.prediction(at_most_us(bound_us, {"c1"}));
    f.mine.cases[0].cold_s = noisy(median_us * 1e-6, median_us * 1e-9, 50, 5);
    return f.verdict();
  };
  EXPECT_EQ(verdict_of(4.0, 6.5).value, "CONFIRMED");
  EXPECT_EQ(verdict_of(6.0, 6.5).value, "INCONCLUSIVE");  // v005's case: 6.1 to 7.0 µs on four H100s
  EXPECT_EQ(verdict_of(7.0, 6.5).value, "INCONCLUSIVE");
  EXPECT_EQ(verdict_of(9.0, 6.5).value, "REFUTED");
  EXPECT_EQ(verdict_of(96.0, 100).value, "CONFIRMED");
  const Verdict near = verdict_of(98.0, 100);
  EXPECT_EQ(near.value, "INCONCLUSIVE") << near.reason;
  EXPECT_EQ(verdict_of(104.0, 100).value, "REFUTED");
}

TEST(Stats, TIntervalOfAMean) {
  const Interval i = t_interval_of_mean({1.0, 1.1, 0.9, 1.0});
  EXPECT_NEAR(i.mid, 1.0, 1e-12);
  EXPECT_NEAR(i.high - i.mid, 3.182 * std::sqrt(0.02 / 3) / 2, 1e-9);
  EXPECT_THROW(t_interval_of_mean({1.0}), std::invalid_argument);
}

}  // namespace
}  // namespace fuselab
