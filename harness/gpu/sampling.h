// The stopping rule: sample until the relative standard error is under the
// target with at least min_samples, or the time budget runs out.
#pragma once

#include <functional>
#include <vector>

namespace fuselab {

struct SamplingRule {
  int min_samples = 10;
  int max_samples = 5000;
  double target_rse = 0.005;
  double budget_s = 1.0;  // wall-clock budget for one sample series
};

// How many samples the rule asks for, estimated from a pilot series.
int planned_samples(const std::vector<double>& pilot, const SamplingRule& rule);

// Takes samples from `take` until the rule is met.
std::vector<double> sample_until_stable(const std::function<double()>& take,
                                        const SamplingRule& rule);

}  // namespace fuselab
