#include "harness/cli/prediction_cases.h"

#include <map>

#include "harness/core/case_patterns.h"
#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"

namespace fuselab::cli {
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
      if (!case_selected_by(case_patterns, name)) continue;
      out.insert({e->id(), name});
      if (p.has_baseline()) out.insert({p.baseline, name});
    }
  }
  return out;
}

}  // namespace fuselab::cli
