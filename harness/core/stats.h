// Summary statistics of timing samples, and the bootstrap interval used to
// call a difference real or noise.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

struct Stats {
  int64_t n = 0;
  double median = 0, q1 = 0, q3 = 0, min = 0, max = 0, mean = 0, sd = 0;
  double rse = 0;  // relative standard error of the mean: sd / sqrt(n) / mean
  double iqr() const { return q3 - q1; }
};

Stats summarize(std::vector<double> samples);
double quantile_sorted(const std::vector<double>& sorted, double q);

struct Interval {
  double low = 0, mid = 0, high = 0;
};

// Percentile bootstrap of median(a) / median(b), deterministic (fixed seed).
Interval bootstrap_ratio_of_medians(const std::vector<double>& a, const std::vector<double>& b,
                                    double confidence = 0.95, int resamples = 2000);
// Percentile bootstrap of median(a).
Interval bootstrap_median(const std::vector<double>& a, double confidence = 0.95,
                          int resamples = 2000);

// Student's t interval (95 %) for the mean of a few values, e.g. one speedup
// per allocation pair: mid the mean, low/high mean -/+ t * sd / sqrt(n).
// Needs n >= 2 (throws std::invalid_argument otherwise).
Interval t_interval_of_mean(const std::vector<double>& values);

nlohmann::json to_json(const Stats& s);

}  // namespace fuselab
