#include "harness/core/record_index.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>

#include "harness/core/run_record.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool ran(const CaseResult& c) {
  const std::string s = c.status();
  return s != "unsupported" && s != "not run";
}

}  // namespace

std::string LoadedRecord::order_key() const {
  return json->value("started_utc", std::string()) + " " + run_id;
}

std::string CaseResult::status() const {
  return case_entry ? case_entry->value("status", std::string("not run")) : "not run";
}

bool CaseResult::timed() const {
  if (!case_entry || !case_entry->contains("timing")) return false;
  const json& t = (*case_entry)["timing"];
  return t.contains("cold") && t["cold"].contains("samples") && !t["cold"]["samples"].empty();
}

std::vector<CaseResult> case_results(const LoadedRecord& record) {
  std::vector<CaseResult> out;
  const json& r = *record.json;
  for (const json& e : r.at("experiments")) {
    const std::string id = e.value("id", std::string());
    const std::string family = e.value("family", id.substr(0, id.find('/')));
    const bool peer = e.value("peer", false);
    // The record's own array: CaseResult keeps pointers into it (value()
    // would return a copy that dies at the end of the loop).
    static const json kNoCases = json::array();
    const json& cases = e.contains("cases") && e["cases"].is_array() ? e["cases"] : kNoCases;
    for (const json& c : cases) {
      CaseResult cr;
      cr.experiment_id = id;
      cr.family = family;
      cr.case_name = c.value("name", std::string());
      cr.peer = peer;
      cr.run_id = record.run_id;
      cr.record = record.json;
      cr.experiment = &e;
      cr.case_entry = &c;
      out.push_back(std::move(cr));
    }
  }
  return out;
}

namespace {

// The parts of a record the index and its readers (compare, rerun) take
// values from: each experiment an object with an id and a list of cases,
// each case an object with a name, and a timing block, where there is one,
// whose cold samples are a list of numbers. A block of another shape is
// refused here rather than read as "nothing timed". The optional fields they
// read (started_utc; an experiment's family, peer, canary, backend; a case's
// status) must have their type where present: value() would throw
// nlohmann's type_error, not a message naming the file.
void check_what_the_index_reads(const json& r, const std::string& path) {
  const auto refuse = [&](const std::string& what) {
    throw std::runtime_error("run record " + path + ": " + what +
                             ". Fix: restore it from git (`git checkout -- " + path + "`) or move it out of its folder");
  };
  const auto optional_text = [&](const json& j, const char* key, const std::string& at) {
    if (j.contains(key) && !j[key].is_string()) refuse(at + key + " is not a string");
  };
  const auto optional_flag = [&](const json& j, const char* key, const std::string& at) {
    if (j.contains(key) && !j[key].is_boolean()) refuse(at + key + " is not true or false");
  };
  optional_text(r, "started_utc", "");
  for (std::size_t i = 0; i < r["experiments"].size(); ++i) {
    const json& e = r["experiments"][i];
    const std::string at = "experiments[" + std::to_string(i) + "]";
    if (!e.is_object() || !e.contains("id") || !e["id"].is_string()) refuse(at + " has no id");
    if (!e.contains("cases") || !e["cases"].is_array()) refuse(at + ".cases is missing or not an array");
    optional_text(e, "family", at + ".");
    optional_text(e, "backend", at + ".");
    optional_flag(e, "peer", at + ".");
    optional_flag(e, "canary", at + ".");
    for (std::size_t k = 0; k < e["cases"].size(); ++k) {
      const json& c = e["cases"][k];
      const std::string cat = at + ".cases[" + std::to_string(k) + "]";
      if (!c.is_object() || !c.contains("name") || !c["name"].is_string()) refuse(cat + " has no name");
      optional_text(c, "status", cat + ".");
      if (!c.contains("timing")) continue;
      const json& t = c["timing"];
      if (!t.is_object() || !t.contains("cold") || !t["cold"].is_object())
        refuse(cat + ".timing.cold is missing or not an object");
      const json& cold = t["cold"];
      if (cold.contains("samples") &&
          (!cold["samples"].is_array() ||
           !std::all_of(cold["samples"].begin(), cold["samples"].end(), [](const json& x) { return x.is_number(); })))
        refuse(cat + ".timing.cold.samples is not a list of numbers");
    }
  }
}

}  // namespace

RecordIndex RecordIndex::load(const std::string& dir, OnBadRecord on_bad) {
  if (!fs::is_directory(dir))
    throw std::runtime_error("run record folder " + dir +
                             " does not exist. Fix: pass --records-dir DIR (default reports/runs)");
  std::vector<std::string> files;
  for (const auto& [run_id, path] : record_files_in(dir)) files.push_back(path);
  RecordIndex index;
  index.dir_ = dir;
  for (const auto& path : files) {
    std::shared_ptr<json> j;
    try {
      j = std::make_shared<json>(read_run_record(path));
      if (j->contains("kind")) continue;  // calibration and other instrument records
      if (!j->contains("experiments") || !(*j)["experiments"].is_array() || !j->contains("run_id") ||
          !(*j)["run_id"].is_string())
        throw std::runtime_error("run record " + path +
                                 " has no run_id or experiments list. Fix: restore it from git "
                                 "(`git checkout -- " +
                                 path + "`) or move it out of " + dir);
      check_what_the_index_reads(*j, path);
    } catch (const std::runtime_error& e) {
      if (on_bad == OnBadRecord::Refuse) throw;
      index.skipped_.push_back(e.what());
      continue;
    }
    LoadedRecord rec;
    rec.run_id = (*j)["run_id"].get<std::string>();
    rec.path = path;
    rec.json = std::move(j);
    index.records_.push_back(std::move(rec));
  }
  std::stable_sort(
      index.records_.begin(), index.records_.end(),
      [](const LoadedRecord& a, const LoadedRecord& b) { return a.order_key() < b.order_key(); });
  return index;
}

const LoadedRecord& RecordIndex::run(const std::string& run_id) const {
  for (const auto& r : records_)
    if (r.run_id == run_id) return r;
  for (const auto& why : skipped_)  // the record is there but bad: say what is wrong with it
    if (why.find("/" + run_id + ".json") != std::string::npos) throw std::runtime_error(why);  // .json or .json.gz
  std::string newest;
  const std::size_t shown = std::min<std::size_t>(records_.size(), 5);
  for (std::size_t i = 0; i < shown; ++i)
    newest += "\n  " + records_[records_.size() - 1 - i].run_id;
  throw std::runtime_error("unknown run id '" + run_id + "': no such run record in " + dir_ + " (" +
                           std::to_string(records_.size()) +
                           " records). Fix: use a file name from `ls " + dir_ +
                           "` without .json.gz (not a calibration record)" +
                           (newest.empty() ? std::string() : ", newest:" + newest));
}

std::vector<CaseResult> RecordIndex::all_results(const std::vector<std::string>& run_ids) const {
  std::vector<CaseResult> out;
  auto add = [&](const LoadedRecord& r) {
    auto rs = case_results(r);
    out.insert(out.end(), std::make_move_iterator(rs.begin()), std::make_move_iterator(rs.end()));
  };
  if (run_ids.empty()) {
    for (const auto& r : records_) add(r);
    return out;
  }
  std::vector<const LoadedRecord*> chosen;
  std::set<std::string> seen;
  for (const auto& id : run_ids)
    if (seen.insert(id).second) chosen.push_back(&run(id));
  std::stable_sort(chosen.begin(), chosen.end(), [](const LoadedRecord* a, const LoadedRecord* b) {
    return a->order_key() < b->order_key();
  });
  for (const auto* r : chosen) add(*r);
  return out;
}

std::vector<CaseResult> RecordIndex::latest(const std::vector<std::string>& run_ids) const {
  using Key = std::tuple<std::string, std::string, std::string>;  // family, id, case
  std::map<Key, CaseResult> newest;
  for (auto& c : all_results(run_ids)) {  // oldest first: later entries replace
    const Key key{c.family, c.experiment_id, c.case_name};
    auto it = newest.find(key);
    if (it == newest.end()) {
      newest.emplace(key, std::move(c));
    } else if (ran(c) || !ran(it->second)) {
      it->second = std::move(c);
    }
  }
  std::vector<CaseResult> out;
  out.reserve(newest.size());
  for (auto& [key, c] : newest) out.push_back(std::move(c));
  return out;
}

std::vector<std::pair<std::string, std::string>> RecordIndex::experiments() const {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& r : records_)
    for (const json& e : (*r.json)["experiments"]) {
      const std::string id = e.value("id", std::string());
      seen.insert({id, e.value("family", id.substr(0, id.find('/')))});
    }
  return {seen.begin(), seen.end()};
}

}  // namespace fuselab
