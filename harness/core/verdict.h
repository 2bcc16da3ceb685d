// Verdicts are computed, never typed: from one run's outcomes.
//   INVALID      a supported case failed its check (or crashed)
//   CONFIRMED    the prediction holds on every named case beyond noise
//                (the 95 % interval clears the bar: over the samples, the
//                allocation pairs, and the spread measured between runs on
//                four machines for launches of that length, verdict.cpp)
//   REFUTED      on some named case the interval lies wholly on the wrong side
//   INCONCLUSIVE otherwise (within noise), and always for a prediction
//                against a baseline unless every named case was timed in
//                turns with the baseline (paired) over 2 or more allocations:
//                only then is the interval one that a rerun on another
//                machine reproduces
//   UNTESTED     nothing to judge: no prediction, no timed case, or the
//                baseline was not measured in this run
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/core/outcome.h"

namespace fuselab {

Verdict compute_verdict(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of);

// The cases of an INCONCLUSIVE verdict against a baseline whose interval
// holds the bar, where more allocation pairs could settle it (each named case
// paired over 2 or more allocations); empty for any other verdict. A run
// pairs these again over more allocations before it decides (--settle-allocations):
// the interval's end then moves less between machines, so fewer verdicts
// fall on either side of the bar by chance (note of 2026-11-28 01:00).
std::vector<std::string> cases_on_the_bar(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of);

}  // namespace fuselab
