#include "harness/core/verdict.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "harness/core/stats.h"

namespace fuselab {
namespace {

// How far another machine's run of the same (version, case) lands, as the
// standard deviation of the log over four H100 machines (calls 2150Z,
// 2156Z, 2205Z and 2211Z of 2026-11-27; notes of 22:10 and of 2026-11-28
// 01:00), by how long the launch takes:
//   paired speedups: 0.0074 from 10 µs up (first two machines, 70 cases;
//     0.0069 over all four, 76 cases), 0.043 below (the 4 cases under 10 µs
//     paired in all four runs);
//   absolute cold medians: 0.0124 from 10 µs up (108 cases), 0.118 below
//     (9 cases, all at 1x4x64x128: attention v078 took 3.17 to 4.99 µs on
//     the four machines), so an absolute bound on a few-µs launch is
//     decided only when the median lies about 25 % or more from it.
// A verdict's interval is widened by 1.96 times the spread of its class, so
// that it covers where another machine's estimate lands, not only where
// this run's would land if sampled again.
struct BetweenRunSpread {
  double paired_log_sd, median_log_sd;
};
BetweenRunSpread between_run_spread(double median_s) {
  return median_s < 10e-6 ? BetweenRunSpread{0.043, 0.118} : BetweenRunSpread{0.0074, 0.0124};
}

Interval widened(Interval i, double log_sd) {
  const double m = std::exp(1.96 * log_sd);
  return {i.low / m, i.mid, i.high * m};
}

// One named case judged against the prediction's bar.
struct CaseJudgement {
  std::string name;
  std::string text;       // "name: 1.01x faster [0.99, 1.03] paired over 16 allocations, between runs vs 1.03x"
  bool clears = false;    // the interval lies wholly on the predicted side of the bar
  bool wrong = false;     // ... wholly on the other side
  std::string undecided;  // why this case's ratio cannot decide at all, if it cannot
};

// The cases a prediction names, judged; or the verdict that ends it first
// (INVALID, UNTESTED).
struct Judged {
  std::optional<Verdict> ended;
  std::vector<CaseJudgement> cases;
};

CaseJudgement judge_case(const Prediction& p, const std::string& name, const CaseOutcome& mine,
                         const CaseOutcome* theirs) {
  CaseJudgement j;
  j.name = name;
  std::ostringstream why;
  why.precision(3);
  if (p.has_baseline()) {
    // The ratio the prediction bounds from below: t_baseline / t_this
    // (faster), t_this / t_baseline (slower).
    const bool faster = p.kind == Prediction::Kind::FasterThan;
    const bool paired = mine.paired && mine.paired->baseline == p.baseline;
    Interval r;
    std::string placement;
    if (paired) {
      // The rounds reuse the same allocations; where the buffers landed
      // moves a few-µs ratio by several percent (note of 2026-11-27 19:15),
      // so the interval also spans the allocation pairs' interval for
      // their mean, where the record holds them.
      Interval s = mine.paired->speedup;
      const std::vector<double>& pairs = mine.paired->allocation_speedups;
      if (pairs.size() >= 2) {
        const Interval a = t_interval_of_mean(pairs);
        if (a.low < s.low || a.high > s.high) placement = " over " + std::to_string(pairs.size()) + " allocations";
        s.low = std::min(s.low, a.low);
        s.high = std::max(s.high, a.high);
      }
      s = widened(s, between_run_spread(summarize(mine.cold_s).median).paired_log_sd);
      r = faster ? s : Interval{1.0 / s.high, 1.0 / s.mid, 1.0 / s.low};
    } else {
      r = faster ? bootstrap_ratio_of_medians(theirs->cold_s, mine.cold_s)
                 : bootstrap_ratio_of_medians(mine.cold_s, theirs->cold_s);
    }
    why << name << ": " << r.mid << "x " << (faster ? "faster" : "slower") << " [" << r.low << ", " << r.high
        << "]" << (paired ? " paired" + placement + ", between runs" : " unpaired") << " vs " << p.factor << "x; ";
    // A ratio that cannot decide: the two series timed apart, or in turns but
    // on one allocation each. Either moves between runs by more than its own
    // interval shows (notes of 2026-11-27 17:00 and 19:15).
    if (!paired)
      j.undecided = "timed apart from " + p.baseline + ", not in turns with it";
    else if (mine.paired->allocation_speedups.size() < 2)
      j.undecided = "paired on one allocation, which cannot show how much placement moves the ratio";
    j.clears = r.low >= p.factor;
    j.wrong = r.high < p.factor;
  } else {
    const Interval b = bootstrap_median(mine.cold_s);
    const Interval m = widened(b, between_run_spread(b.mid).median_log_sd);
    why << name << ": " << m.mid * 1e6 << " us [" << m.low * 1e6 << ", " << m.high * 1e6 << "] between runs vs "
        << p.micros << " us; ";
    j.clears = m.high <= p.micros * 1e-6;
    j.wrong = m.low > p.micros * 1e-6;
  }
  j.text = why.str();
  return j;
}

Judged judge(const ExperimentOutcome& outcome,
             const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of) {
  for (const auto& c : outcome.cases) {
    if (c.status == CaseStatus::Failed || c.status == CaseStatus::Error)
      return {Verdict{"INVALID", "case " + c.spec.name + " " + status_name(c.status) +
                                     (c.reason.empty() ? "" : ": " + c.reason)},
              {}};
  }
  const Prediction& p = outcome.experiment->prediction_value;
  if (p.kind == Prediction::Kind::None) return {Verdict{"UNTESTED", "no prediction declared"}, {}};

  const ExperimentOutcome* base = nullptr;
  if (p.has_baseline()) {
    base = baseline_of(p.baseline);
    if (!base) return {Verdict{"UNTESTED", "baseline " + p.baseline + " was not measured in this run"}, {}};
  }

  std::vector<std::string> names = p.cases;
  if (names.empty()) {
    for (const auto& c : outcome.cases)
      if (c.spec.for_benchmarks && c.timed() && (!base || (base->find(c.spec.name) &&
                                                           base->find(c.spec.name)->timed())))
        names.push_back(c.spec.name);
  }
  if (names.empty()) return {Verdict{"UNTESTED", "no timed case the prediction covers"}, {}};

  Judged judged;
  for (const auto& name : names) {
    const CaseOutcome* mine = outcome.find(name);
    if (!mine || !mine->timed()) return {Verdict{"UNTESTED", "case " + name + " was not timed"}, {}};
    const CaseOutcome* theirs = nullptr;
    if (p.has_baseline()) {
      theirs = base->find(name);
      if (!theirs || !theirs->timed())
        return {Verdict{"UNTESTED", "baseline " + p.baseline + " was not timed on " + name}, {}};
    }
    judged.cases.push_back(judge_case(p, name, *mine, theirs));
  }
  return judged;
}

Verdict verdict_of(const std::vector<CaseJudgement>& cases) {
  std::string text, undecided;
  bool all_clear = true, any_wrong = false;
  for (const auto& j : cases) {
    text += j.text;
    if (undecided.empty()) undecided = j.undecided;
    all_clear = all_clear && j.clears;
    any_wrong = any_wrong || j.wrong;
  }
  if (!undecided.empty())
    return {"INCONCLUSIVE", text + "not decided: " + undecided +
                                ". Fix: run it paired (the default) over 2 or more allocations (--allocations K)"};
  if (any_wrong) return {"REFUTED", text};
  if (all_clear) return {"CONFIRMED", text};
  return {"INCONCLUSIVE", text};
}

}  // namespace

Verdict compute_verdict(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of) {
  const Judged judged = judge(outcome, baseline_of);
  return judged.ended ? *judged.ended : verdict_of(judged.cases);
}

std::vector<std::string> cases_on_the_bar(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of) {
  // An absolute bound: more allocations move no machine.
  if (!outcome.experiment->prediction_value.has_baseline()) return {};
  const Judged judged = judge(outcome, baseline_of);
  if (judged.ended) return {};
  std::vector<std::string> names;
  for (const auto& j : judged.cases) {
    // Unpaired or on one allocation: more pairs are not the fix. Wrong: REFUTED.
    if (!j.undecided.empty() || j.wrong) return {};
    if (!j.clears) names.push_back(j.name);
  }
  return names;  // empty: every case clears, CONFIRMED
}

}  // namespace fuselab
