#include "harness/core/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

namespace fuselab {

double quantile_sorted(const std::vector<double>& v, double q) {
  if (v.empty()) return NAN;
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (v[hi] - v[lo]) * (pos - static_cast<double>(lo));
}

Stats summarize(std::vector<double> v) {
  Stats s;
  s.n = static_cast<int64_t>(v.size());
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.median = quantile_sorted(v, 0.5);
  s.q1 = quantile_sorted(v, 0.25);
  s.q3 = quantile_sorted(v, 0.75);
  s.min = v.front();
  s.max = v.back();
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(s.n);
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = s.n > 1 ? std::sqrt(ss / static_cast<double>(s.n - 1)) : 0.0;
  s.rse = s.n > 1 && s.mean > 0 ? s.sd / std::sqrt(static_cast<double>(s.n)) / s.mean : INFINITY;
  return s;
}

namespace {

double resampled_median(const std::vector<double>& v, std::mt19937_64& rng,
                        std::vector<double>& scratch) {
  std::uniform_int_distribution<std::size_t> pick(0, v.size() - 1);
  scratch.resize(v.size());
  for (auto& x : scratch) x = v[pick(rng)];
  const auto mid = scratch.begin() + static_cast<std::ptrdiff_t>(scratch.size() / 2);
  std::nth_element(scratch.begin(), mid, scratch.end());
  if (scratch.size() % 2) return *mid;
  const double upper = *mid;
  const double lower = *std::max_element(scratch.begin(), mid);
  return 0.5 * (lower + upper);
}

Interval percentile_interval(std::vector<double> draws, double mid, double confidence) {
  std::sort(draws.begin(), draws.end());
  const double tail = (1.0 - confidence) / 2.0;
  return {quantile_sorted(draws, tail), mid, quantile_sorted(draws, 1.0 - tail)};
}

}  // namespace

Interval bootstrap_ratio_of_medians(const std::vector<double>& a, const std::vector<double>& b,
                                    double confidence, int resamples) {
  if (a.empty() || b.empty()) return {NAN, NAN, NAN};
  std::mt19937_64 rng(20261121);
  std::vector<double> scratch, draws;
  draws.reserve(static_cast<std::size_t>(resamples));
  for (int i = 0; i < resamples; ++i) {
    const double ma = resampled_median(a, rng, scratch);
    const double mb = resampled_median(b, rng, scratch);
    draws.push_back(ma / mb);
  }
  return percentile_interval(std::move(draws), summarize(a).median / summarize(b).median,
                             confidence);
}

Interval bootstrap_median(const std::vector<double>& a, double confidence, int resamples) {
  if (a.empty()) return {NAN, NAN, NAN};
  std::mt19937_64 rng(20261121);
  std::vector<double> scratch, draws;
  draws.reserve(static_cast<std::size_t>(resamples));
  for (int i = 0; i < resamples; ++i) draws.push_back(resampled_median(a, rng, scratch));
  return percentile_interval(std::move(draws), summarize(a).median, confidence);
}

nlohmann::json to_json(const Stats& s) {
  return {{"n", s.n},       {"median", s.median}, {"q1", s.q1},   {"q3", s.q3},
          {"iqr", s.iqr()}, {"min", s.min},       {"max", s.max}, {"mean", s.mean},
          {"sd", s.sd},     {"rse", std::isfinite(s.rse) ? nlohmann::json(s.rse) : nullptr}};
}

Interval t_interval_of_mean(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n < 2) throw std::invalid_argument("t_interval_of_mean needs at least two values");
  // Two-sided 97.5 % quantiles of Student's t for 1..30 degrees of freedom.
  static const double kT[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                              2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                              2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  double mean = 0;
  for (double v : values) mean += v;
  mean /= double(n);
  double ss = 0;
  for (double v : values) ss += (v - mean) * (v - mean);
  const double sd = std::sqrt(ss / double(n - 1));
  const double t = n - 1 <= 30 ? kT[n - 2] : 1.96;
  const double half = t * sd / std::sqrt(double(n));
  return {mean - half, mean, mean + half};
}

}  // namespace fuselab
