#include "harness/core/report_model.h"

#include <algorithm>
#include <map>
#include <set>

namespace fuselab {
namespace {

using nlohmann::json;

int head_dim_of(const std::string& shape) {
  const auto x = shape.rfind('x');
  try {
    return std::stoi(x == std::string::npos ? shape : shape.substr(x + 1));
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

bool is_instrument(const json& e) {
  const std::string version = e.value("version", std::string());
  return e.value("canary", false) || e.value("backend", std::string("cuda")) == "cpu" ||
         (version.size() > 1 && version[0] == 'v' && version[1] == '9');
}

const ReportCell* FamilyModel::cell(const std::string& id, const std::string& case_name) const {
  const auto it = cells.find({id, case_name});
  return it == cells.end() ? nullptr : &it->second;
}

const ReportCell* FamilyModel::best_peer(const std::string& case_name, std::string* peer_id) const {
  const ReportCell* best = nullptr;
  for (const auto& p : peers) {
    const ReportCell* c = cell(p.id, case_name);
    if (c && (!best || c->median_us < best->median_us)) {
      best = c;
      if (peer_id) *peer_id = p.id;
    }
  }
  return best;
}

const ReportExperiment* FamilyModel::fastest_version(const std::string& case_name, bool passing_only) const {
  const ReportExperiment* best = nullptr;
  const ReportCell* best_cell = nullptr;
  for (const auto& v : versions) {
    const ReportCell* c = cell(v.id, case_name);
    if (c && (!passing_only || c->passed) && (!best || c->median_us < best_cell->median_us)) {
      best = &v;
      best_cell = c;
    }
  }
  return best;
}

const ReportExperiment* FamilyModel::version(const std::string& id) const {
  const auto it = std::find_if(versions.begin(), versions.end(), [&](const ReportExperiment& v) { return v.id == id; });
  return it == versions.end() ? nullptr : &*it;
}

std::vector<std::string> FamilyModel::ancestry(const std::string& id) const {
  std::vector<std::string> path;
  std::set<std::string> seen;
  for (const ReportExperiment* v = version(id); v && seen.insert(v->id).second;) {
    path.push_back(v->id);
    const json* d = v->declaration;
    v = d && d->contains("parent") && (*d)["parent"].is_string() ? version((*d)["parent"].get<std::string>()) : nullptr;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<FamilyModel> build_family_models(const RecordIndex& index, const std::vector<std::string>& case_order) {
  std::map<std::string, FamilyModel> families;
  // Declarations: the newest entry of each (id, family); records are oldest first.
  for (const auto& r : index.records()) {
    for (const json& e : (*r.json)["experiments"]) {
      if (is_instrument(e)) continue;
      const std::string id = e.value("id", std::string());
      const std::string family = e.value("family", id.substr(0, id.find('/')));
      FamilyModel& f = families[family];
      f.family = family;
      const bool peer = e.value("peer", false);
      auto& list = peer ? f.peers : f.versions;
      auto it = std::find_if(list.begin(), list.end(),
                             [&](const ReportExperiment& x) { return x.id == id; });
      if (it == list.end()) {
        list.push_back({id, peer ? id : e.value("version", id), peer, nullptr, "", nullptr, ""});
        it = list.end() - 1;
      }
      it->declaration = &e;
      it->declaration_run = r.run_id;
      if (e.contains("verdict") && e["verdict"].value("value", std::string()) != "UNTESTED") {
        it->verdict_entry = &e;
        it->verdict_run = r.run_id;
      }
    }
  }
  for (auto& [name, f] : families)
    for (auto* list : {&f.versions, &f.peers})
      for (ReportExperiment& x : *list)
        if (!x.verdict_entry || x.verdict_entry->value("source_sha256", std::string()) !=
                                    x.declaration->value("source_sha256", std::string())) {
          x.verdict_entry = x.declaration;
          x.verdict_run = x.declaration_run;
        }
  // Case order: as the newest record that ran the family lists them, then
  // (below) case_order's where it names them.
  for (auto rit = index.records().rbegin(); rit != index.records().rend(); ++rit)
    for (const json& e : (*rit->json)["experiments"]) {
      if (is_instrument(e)) continue;
      const std::string id = e.value("id", std::string());
      FamilyModel& f = families[e.value("family", id.substr(0, id.find('/')))];
      for (const json& c : e["cases"]) {
        const std::string name = c.value("name", std::string());
        if (!c.contains("timing") ||
            std::find(f.cases.begin(), f.cases.end(), name) != f.cases.end())
          continue;
        // Cases first seen in older records go after the newer ones.
        f.cases.push_back(name);
        f.head_dim[name] = head_dim_of(c.value("shape", std::string()));
        f.shape[name] = c.value("shape", std::string());
      }
    }
  std::map<std::string, std::size_t> rank;
  for (const auto& name : case_order) rank.emplace(name, rank.size());
  const auto rank_of = [&](const std::string& name) {
    const auto it = rank.find(name);
    return it == rank.end() ? rank.size() : it->second;
  };
  for (auto& [name, f] : families)
    std::stable_sort(f.cases.begin(), f.cases.end(),
                     [&](const std::string& a, const std::string& b) { return rank_of(a) < rank_of(b); });
  for (const CaseResult& c : index.latest()) {
    if (!c.timed() || is_instrument(*c.experiment)) continue;
    FamilyModel& f = families[c.family];
    const json& entry = *c.case_entry;
    const json& stats = entry["timing"]["cold"]["stats"];
    ReportCell cell;
    cell.median_us = stats["median"].get<double>();
    cell.q1_us = stats["q1"].get<double>();
    cell.q3_us = stats["q3"].get<double>();
    cell.samples_us = entry["timing"]["cold"]["samples"].get<std::vector<double>>();
    if (entry.contains("achieved")) {
      const json& a = entry["achieved"];
      if (a.contains("copy_fraction") && a["copy_fraction"].is_number())
        cell.copy_fraction = a["copy_fraction"].get<double>();
      if (a.contains("fp32_fraction") && a["fp32_fraction"].is_number())
        cell.fp32_fraction = a["fp32_fraction"].get<double>();
    }
    cell.run_id = c.run_id;
    cell.passed = c.status() == "passed";
    f.cells[{c.experiment_id, c.case_name}] = cell;
  }
  std::vector<FamilyModel> out;
  for (auto& [name, f] : families) {
    auto by_id = [](const ReportExperiment& a, const ReportExperiment& b) { return a.id < b.id; };
    std::sort(f.versions.begin(), f.versions.end(), by_id);
    std::sort(f.peers.begin(), f.peers.end(), by_id);
    for (const auto& v : f.versions)
      if (v.label.rfind("v000", 0) == 0) f.baseline = v.id;
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace fuselab
