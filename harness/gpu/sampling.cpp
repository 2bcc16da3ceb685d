#include "harness/gpu/sampling.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "harness/core/stats.h"

namespace fuselab {

int planned_samples(const std::vector<double>& pilot, const SamplingRule& rule) {
  const Stats s = summarize(pilot);
  if (s.n < 2 || !(s.mean > 0)) return rule.min_samples;
  // rse scales as 1/sqrt(n): n = n_pilot * (rse_pilot / target)^2.
  const double wanted = static_cast<double>(s.n) * std::pow(s.rse / rule.target_rse, 2.0);
  const double affordable = rule.budget_s / s.mean;
  const double n = std::min({wanted, affordable, static_cast<double>(rule.max_samples)});
  return std::max(rule.min_samples, static_cast<int>(std::ceil(n)));
}

std::vector<double> sample_until_stable(const std::function<double()>& take,
                                        const SamplingRule& rule) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  std::vector<double> samples;
  while (static_cast<int>(samples.size()) < rule.max_samples) {
    samples.push_back(take());
    const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
    if (static_cast<int>(samples.size()) >= rule.min_samples &&
        (summarize(samples).rse <= rule.target_rse || elapsed > rule.budget_s))
      break;
  }
  return samples;
}

}  // namespace fuselab
