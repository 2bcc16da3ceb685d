#include "harness/cli/shard_selection.h"

#include <filesystem>
#include <map>

#include <spdlog/spdlog.h>

#include "harness/core/case_patterns.h"
#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/core/record_index.h"
#include "harness/core/shard_costs.h"
#include "harness/gpu/run_engine.h"

namespace fuselab::cli {
namespace {

PairCosts earlier_costs(const Paths& paths, const std::string& before_utc) {
  std::error_code ec;
  if (!std::filesystem::is_directory(paths.records_dir, ec)) return {};
  const RecordIndex index = RecordIndex::load(paths.records_dir, RecordIndex::OnBadRecord::SkipAndWarn);
  for (const auto& why : index.skipped()) spdlog::warn("shard costs: left out {}", why);
  return PairCosts::from_records(index, before_utc);
}

}  // namespace

ShardSelection select_shard(const Paths& paths, const RunArgs& args, const RunOptions& options,
                            const std::vector<const Experiment*>& ordered) {
  ShardSelection out;
  out.spec = parse_shard(args.shard);
  std::vector<RunPair> pairs;
  std::vector<bool> timed;
  std::map<std::string, std::string> baseline_of;
  std::map<std::string, std::vector<std::string>> verdict_cases;
  std::map<std::string, CasesFile> cases;
  for (const Experiment* e : ordered) {
    if (e->prediction_value.has_baseline()) baseline_of[e->id()] = e->prediction_value.baseline;
    if (!e->prediction_value.cases.empty()) verdict_cases[e->id()] = e->prediction_value.cases;
    auto it = cases.find(e->family);
    if (it == cases.end()) it = cases.emplace(e->family, load_family_cases(paths.root, e->family)).first;
    for (const CaseSpec& spec : it->second.cases) {
      if (!case_selected_by(args.case_patterns, spec.name)) continue;
      if (options.only_pairs && !options.only_pairs->count({e->id(), spec.name})) continue;  // --prediction-cases
      pairs.push_back({e->id(), spec.name});
      timed.push_back(args.time && spec.for_benchmarks && !e->limits_value.reject(spec));
    }
  }
  const PairCosts known = earlier_costs(paths, args.costs_before);
  const double budget_s = options.cold_rule.budget_s + options.hot_rule.budget_s;
  std::vector<double> costs;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    costs.push_back(known.cost(pairs[i].id, pairs[i].case_name, timed[i], budget_s));
    out.costed_from_records += timed[i] && known.known(pairs[i].id, pairs[i].case_name);
  }
  const ShardPlan plan = plan_shards(pairs, baseline_of, verdict_cases, costs, out.spec.count);
  out.total_pairs = pairs.size();
  out.units = plan.units;
  out.fingerprint = plan.fingerprint;
  out.load_s = plan.load_s[out.spec.index];
  for (double s : plan.load_s) out.total_s += s;
  for (std::size_t i : plan.shards[out.spec.index]) out.pairs.insert({pairs[i].id, pairs[i].case_name});
  for (const Experiment* e : ordered)
    for (const auto& p : out.pairs)
      if (p.first == e->id()) {
        out.experiments.push_back(e);
        break;
      }
  return out;
}

}  // namespace fuselab::cli
