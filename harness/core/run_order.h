// The order `fuselab run` takes experiments in. Each target's prediction
// baseline runs too, so that its ratio comes from the same run; and every
// experiment runs after the baseline its prediction names, when that baseline
// is in the run, so that a chain of targets (v087 -> v086 -> v053) gets every
// ratio, not only the last.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/core/experiment.h"

namespace fuselab {

// `find` looks an id up (nullptr: unknown). Baselines first, then the rest
// in the order given, each once.
std::vector<const Experiment*> order_with_baselines(
    const std::vector<const Experiment*>& targets,
    const std::function<const Experiment*(const std::string& id)>& find);

}  // namespace fuselab
