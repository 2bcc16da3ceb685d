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

#include "harness/core/outcome.h"

namespace fuselab {

Verdict compute_verdict(
    const ExperimentOutcome& outcome,
    const std::function<const ExperimentOutcome*(const std::string& id)>& baseline_of);

}  // namespace fuselab
