#include "harness/core/verdict.h"

#include <algorithm>
#include <cmath>
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

}  // namespace

Verdict compute_verdict(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of) {
  for (const auto& c : outcome.cases) {
    if (c.status == CaseStatus::Failed || c.status == CaseStatus::Error)
      return {"INVALID", "case " + c.spec.name + " " + status_name(c.status) +
                             (c.reason.empty() ? "" : ": " + c.reason)};
  }
  const Prediction& p = outcome.experiment->prediction_value;
  if (p.kind == Prediction::Kind::None) return {"UNTESTED", "no prediction declared"};

  const ExperimentOutcome* base = nullptr;
  if (p.has_baseline()) {
    base = baseline_of(p.baseline);
    if (!base) return {"UNTESTED", "baseline " + p.baseline + " was not measured in this run"};
  }

  std::vector<std::string> names = p.cases;
  if (names.empty()) {
    for (const auto& c : outcome.cases)
      if (c.spec.for_benchmarks && c.timed() && (!base || (base->find(c.spec.name) &&
                                                           base->find(c.spec.name)->timed())))
        names.push_back(c.spec.name);
  }
  if (names.empty()) return {"UNTESTED", "no timed case the prediction covers"};

  bool all_clear = true, any_wrong = false;
  // A ratio that cannot decide: the two series timed apart, or in turns but
  // on one allocation each. Either moves between runs by more than its own
  // interval shows (notes of 2026-11-27 17:00 and 19:15).
  std::string undecided;
  std::ostringstream why;
  why.precision(3);
  for (const auto& name : names) {
    const CaseOutcome* mine = outcome.find(name);
    if (!mine || !mine->timed()) return {"UNTESTED", "case " + name + " was not timed"};
    if (p.has_baseline()) {
      const CaseOutcome* theirs = base->find(name);
      if (!theirs || !theirs->timed())
        return {"UNTESTED", "baseline " + p.baseline + " was not timed on " + name};
      // The ratio the prediction bounds from below: t_baseline / t_this
      // (faster), t_this / t_baseline (slower).
      // With --paired, the speedup sampled in turns with the baseline.
      const bool faster = p.kind == Prediction::Kind::FasterThan;
      const bool paired = mine->paired && mine->paired->baseline == p.baseline;
      Interval r;
      std::string placement;
      if (paired) {
        // The rounds reuse the same allocations; where the buffers landed
        // moves a few-µs ratio by several percent (note of 2026-11-27 19:15),
        // so the interval also spans the allocation pairs' interval for
        // their mean, where the record holds them.
        Interval s = mine->paired->speedup;
        const std::vector<double>& pairs = mine->paired->allocation_speedups;
        if (pairs.size() >= 2) {
          const Interval a = t_interval_of_mean(pairs);
          if (a.low < s.low || a.high > s.high) placement = " over " + std::to_string(pairs.size()) + " allocations";
          s.low = std::min(s.low, a.low);
          s.high = std::max(s.high, a.high);
        }
        s = widened(s, between_run_spread(summarize(mine->cold_s).median).paired_log_sd);
        r = faster ? s : Interval{1.0 / s.high, 1.0 / s.mid, 1.0 / s.low};
      } else {
        r = faster ? bootstrap_ratio_of_medians(theirs->cold_s, mine->cold_s)
                   : bootstrap_ratio_of_medians(mine->cold_s, theirs->cold_s);
      }
      why << name << ": " << r.mid << "x " << (faster ? "faster" : "slower") << " [" << r.low << ", "
          << r.high << "]" << (paired ? " paired" + placement + ", between runs" : " unpaired") << " vs " << p.factor
          << "x; ";
      if (!paired)
        undecided = "timed apart from " + p.baseline + ", not in turns with it";
      else if (mine->paired->allocation_speedups.size() < 2 && undecided.empty())
        undecided = "paired on one allocation, which cannot show how much placement moves the ratio";
      if (!(r.low >= p.factor)) all_clear = false;
      if (r.high < p.factor) any_wrong = true;
    } else {
      const Interval b = bootstrap_median(mine->cold_s);
      const Interval m = widened(b, between_run_spread(b.mid).median_log_sd);
      why << name << ": " << m.mid * 1e6 << " us [" << m.low * 1e6 << ", " << m.high * 1e6
          << "] between runs vs " << p.micros << " us; ";
      if (!(m.high <= p.micros * 1e-6)) all_clear = false;
      if (m.low > p.micros * 1e-6) any_wrong = true;
    }
  }
  if (!undecided.empty())
    return {"INCONCLUSIVE", why.str() + "not decided: " + undecided +
                                ". Fix: run it paired (the default) over 2 or more allocations (--allocations K)"};
  if (any_wrong) return {"REFUTED", why.str()};
  if (all_clear) return {"CONFIRMED", why.str()};
  return {"INCONCLUSIVE", why.str()};
}

}  // namespace fuselab
