#include "harness/core/run_order.h"

#include <algorithm>
#include <set>

namespace fuselab {

std::vector<const Experiment*> order_with_baselines(
    const std::vector<const Experiment*>& targets,
    const std::function<const Experiment*(const std::string& id)>& find) {
  auto baseline_of = [&](const Experiment* e) -> const Experiment* {
    const Prediction& p = e->prediction_value;
    return p.has_baseline() ? find(p.baseline) : nullptr;
  };
  std::set<const Experiment*> in_run(targets.begin(), targets.end());
  for (const Experiment* e : targets)
    if (const Experiment* b = baseline_of(e)) in_run.insert(b);

  std::vector<const Experiment*> ordered;
  std::set<const Experiment*> visiting;  // a cycle of predictions stops here
  std::function<void(const Experiment*)> place = [&](const Experiment* e) {
    if (std::find(ordered.begin(), ordered.end(), e) != ordered.end() || !visiting.insert(e).second) return;
    if (const Experiment* b = baseline_of(e); b && in_run.count(b)) place(b);
    ordered.push_back(e);
  };
  for (const Experiment* e : targets)
    if (const Experiment* b = baseline_of(e)) place(b);
  for (const Experiment* e : targets) place(e);
  return ordered;
}

}  // namespace fuselab
