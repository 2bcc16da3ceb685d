#include "harness/core/shard_plan.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <regex>
#include <stdexcept>

#include "harness/core/sha256.h"

namespace fuselab {

ShardSpec parse_shard(const std::string& text) {
  static const std::regex form(R"(\s*(\d{1,6})\s*/\s*(\d{1,6})\s*)");
  std::smatch m;
  if (!std::regex_match(text, m, form))
    throw std::runtime_error("--shard '" + text +
                             "' is not I/N. Fix: give the shard's index and the shard count, e.g. --shard 0/4 "
                             "(indices 0 to N-1)");
  ShardSpec s;
  s.index = std::stoi(m[1]);
  s.count = std::stoi(m[2]);
  if (s.count < 1)
    throw std::runtime_error("--shard '" + text + "': the shard count must be at least 1. Fix: --shard 0/1 runs "
                             "everything, --shard I/N with N >= 1 a part");
  if (s.index >= s.count)
    throw std::runtime_error("--shard '" + text + "': index " + std::to_string(s.index) + " is not below the count " +
                             std::to_string(s.count) + ". Fix: indices run from 0 to " +
                             std::to_string(s.count - 1) + " (--shard 0/" + std::to_string(s.count) + " … " +
                             std::to_string(s.count - 1) + "/" + std::to_string(s.count) + ")");
  return s;
}

namespace {

// Union-find over indices; the smaller index becomes the root, so the result
// does not depend on the order of joins.
struct Sets {
  std::vector<std::size_t> parent;
  explicit Sets(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t root(std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(std::size_t a, std::size_t b) {
    a = root(a), b = root(b);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  }
};

struct Unit {
  std::string key;  // "id|case" of its first pair
  std::vector<std::size_t> pairs;
  double cost = 0;
};

}  // namespace

ShardPlan plan_shards(const std::vector<RunPair>& pairs, const std::map<std::string, std::string>& baseline_of,
                      const std::map<std::string, std::vector<std::string>>& verdict_cases,
                      const std::vector<double>& costs, int count) {
  if (count < 1) throw std::runtime_error("plan_shards: the shard count must be at least 1");
  if (costs.size() != pairs.size())
    throw std::runtime_error("plan_shards: " + std::to_string(costs.size()) + " costs for " +
                             std::to_string(pairs.size()) + " pairs");
  for (std::size_t i = 0; i < costs.size(); ++i)
    if (!std::isfinite(costs[i]) || costs[i] < 0)
      throw std::runtime_error("plan_shards: the cost of " + pairs[i].id + " " + pairs[i].case_name +
                               " is not a finite time >= 0");

  // Versions linked by baselines: a group per connected set of ids.
  std::map<std::string, std::size_t> id_index;
  for (const RunPair& p : pairs) id_index.emplace(p.id, id_index.size());
  Sets groups(id_index.size());
  for (const auto& [id, base] : baseline_of)
    if (id_index.count(id) && id_index.count(base)) groups.join(id_index.at(id), id_index.at(base));

  // Pairs that must share a shard: one group on one case; one version's
  // verdict cases.
  Sets together(pairs.size());
  std::map<std::pair<std::size_t, std::string>, std::size_t> first_of_group_case;
  std::map<std::string, std::size_t> first_verdict_pair;  // id -> its first pair on a verdict case
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto key = std::make_pair(groups.root(id_index.at(pairs[i].id)), pairs[i].case_name);
    const auto [it, added] = first_of_group_case.emplace(key, i);
    if (!added) together.join(it->second, i);
    const auto v = verdict_cases.find(pairs[i].id);
    if (v != verdict_cases.end() &&
        std::find(v->second.begin(), v->second.end(), pairs[i].case_name) != v->second.end()) {
      const auto [f, first] = first_verdict_pair.emplace(pairs[i].id, i);
      if (!first) together.join(f->second, i);
    }
  }

  std::map<std::size_t, std::size_t> unit_of_root;
  std::vector<Unit> units;
  ShardPlan plan;
  plan.count = count;
  plan.unit_of_pair.resize(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto [it, added] = unit_of_root.emplace(together.root(i), units.size());
    if (added) units.push_back({pairs[i].id + "|" + pairs[i].case_name, {}, 0});
    Unit& u = units[it->second];
    u.pairs.push_back(i);
    u.cost += costs[i];
    plan.unit_of_pair[i] = it->second;
  }
  plan.units = units.size();

  std::vector<std::size_t> order(units.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (units[a].cost != units[b].cost) return units[a].cost > units[b].cost;
    return units[a].key < units[b].key;
  });
  plan.shards.assign(count, {});
  plan.load_s.assign(count, 0.0);
  for (std::size_t u : order) {
    const auto least = std::min_element(plan.load_s.begin(), plan.load_s.end());  // first of equals
    *least += units[u].cost;
    for (std::size_t i : units[u].pairs) plan.shards[static_cast<std::size_t>(least - plan.load_s.begin())].push_back(i);
  }
  std::string assignment;
  for (std::size_t s = 0; s < plan.shards.size(); ++s) {
    std::sort(plan.shards[s].begin(), plan.shards[s].end());
    for (std::size_t i : plan.shards[s])
      assignment += std::to_string(s) + " " + pairs[i].id + " " + pairs[i].case_name + "\n";
  }
  plan.fingerprint = sha256_hex(assignment.data(), assignment.size()).substr(0, 12);
  return plan;
}

}  // namespace fuselab
