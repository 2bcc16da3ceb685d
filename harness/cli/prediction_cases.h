// `fuselab run --prediction-cases`: the (version, case) pairs a run needs to
// decide each target's prediction and nothing more. A target runs on the
// cases its prediction names (every benchmark case of its family when it
// names none), its baseline on the same cases; --case globs narrow both. A
// target without a prediction gets no pair, and so is left out of the run.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fuselab {
struct Experiment;
}

namespace fuselab::cli {

std::set<std::pair<std::string, std::string>> prediction_pairs(const std::string& root,
                                                               const std::vector<const Experiment*>& targets,
                                                               const std::vector<std::string>& case_patterns);

}  // namespace fuselab::cli
