#include "harness/cli/prediction_cases.h"

#include <fnmatch.h>

#include <map>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"

namespace fuselab::cli {
namespace {

bool matches(const std::vector<std::string>& patterns, const std::string& name) {
  if (patterns.empty()) return true;
  for (const auto& p : patterns)
    if (fnmatch(p.c_str(), name.c_str(), 0) == 0) return true;
  return false;
}

}  // namespace

std::set<std::pair<std::string, std::string>> prediction_pairs(const std::string& root,
                                                               const std::vector<const Experiment*>& targets,
                                                               const std::vector<std::string>& case_patterns) {
  std::set<std::pair<std::string, std::string>> out;
  std::map<std::string, CasesFile> cases;
  for (const Experiment* e : targets) {
    const Prediction& p = e->prediction_value;
    if (p.kind == Prediction::Kind::None) continue;
    std::vector<std::string> names = p.cases;
    if (names.empty()) {
      auto it = cases.find(e->family);
      if (it == cases.end()) it = cases.emplace(e->family, load_family_cases(root, e->family)).first;
      for (const CaseSpec& c : it->second.cases)
        if (c.for_benchmarks) names.push_back(c.name);
    }
    for (const auto& name : names) {
      if (!matches(case_patterns, name)) continue;
      out.insert({e->id(), name});
      if (p.has_baseline()) out.insert({p.baseline, name});
    }
  }
  return out;
}

}  // namespace fuselab::cli
