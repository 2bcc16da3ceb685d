#include "harness/core/report_records.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "harness/core/log_models.h"
#include "harness/core/run_record.h"

namespace fuselab {
namespace {

using nlohmann::json;

// `where` names the field in the message, e.g. experiments[2].cases[0].name.
void require(const json& j, const char* key, json::value_t type, const std::string& where) {
  const auto it = j.find(key);
  const bool ok = it != j.end() &&
                  (it->type() == type ||
                   (type == json::value_t::number_float && it->is_number()));
  if (!ok)
    throw std::runtime_error(where + (where.empty() ? "" : ".") + key + " is missing or not " +
                             (type == json::value_t::string    ? "a string"
                              : type == json::value_t::array   ? "an array"
                              : type == json::value_t::object  ? "an object"
                              : type == json::value_t::boolean ? "a boolean"
                                                               : "a number"));
}

void check_experiment(const json& e, const std::string& at) {
  using T = json::value_t;
  for (const char* key : {"id", "family", "version", "parent", "hypothesis", "limits"})
    require(e, key, T::string, at);
  require(e, "prediction", T::object, at);
  require(e["prediction"], "text", T::string, at + ".prediction");
  require(e, "verdict", T::object, at);
  require(e["verdict"], "value", T::string, at + ".verdict");
  require(e["verdict"], "reason", T::string, at + ".verdict");
  require(e, "cases", T::array, at);
  for (std::size_t i = 0; i < e["cases"].size(); ++i) {
    const json& c = e["cases"][i];
    const std::string cat = at + ".cases[" + std::to_string(i) + "]";
    if (!c.is_object()) throw std::runtime_error(cat + " is not an object");
    for (const char* key : {"name", "shape", "status", "reason"}) require(c, key, T::string, cat);
    for (const char* key : {"check", "recheck"}) {
      if (!c.contains(key) || !(c[key].is_null() || c[key].is_object()))
        throw std::runtime_error(cat + "." + key + " is missing or neither null nor an object");
    }
    if (c["check"].is_object())
      for (const char* key : {"max_abs_err", "torch_fp32_max_abs_err"})
        if (!c["check"].contains(key)) throw std::runtime_error(cat + ".check." + key + " is missing");
    if (c["recheck"].is_object()) require(c["recheck"], "pass", T::boolean, cat + ".recheck");
    if (c.contains("timing")) {
      require(c["timing"], "cold", T::object, cat + ".timing");
      require(c["timing"]["cold"], "stats", T::object, cat + ".timing.cold");
      const json& s = c["timing"]["cold"]["stats"];
      for (const char* key : {"median", "q1", "q3", "iqr", "n"})
        require(s, key, T::number_float, cat + ".timing.cold.stats");
      require(c["timing"], "hot", T::object, cat + ".timing");
      if (c["timing"]["hot"].contains("stats"))
        require(c["timing"]["hot"]["stats"], "median", T::number_float, cat + ".timing.hot.stats");
      require(c, "achieved", T::object, cat);
      require(c["achieved"], "GBps", T::number_float, cat + ".achieved");
    }
  }
}

}  // namespace

void validate_run_record(const json& r, const std::string& path) {
  using T = json::value_t;
  try {
    if (!r.is_object()) throw std::runtime_error("the top level is not an object");
    require(r, "run_id", T::string, "");
    require(r, "started_utc", T::string, "");
    if (r.contains("kind") && !r["kind"].is_string()) throw std::runtime_error("kind is not a string");
    if (r.value("kind", std::string()) == "calibration") {
      require(r, "calibration", T::object, "");
      for (const auto& [name, t] : r["calibration"].items()) {
        if (!t.is_object()) throw std::runtime_error("calibration." + name + " is not an object");
        require(t, "pass", T::boolean, "calibration." + name);
      }
      return;
    }
    require(r, "git", T::object, "");
    for (const char* key : {"commit", "dirty"})
      if (!r["git"].contains(key)) throw std::runtime_error(std::string("git.") + key + " is missing");
    require(r, "environment", T::object, "");
    if (r["environment"].contains("gpu") && r["environment"]["gpu"].is_object()) {
      const json& g = r["environment"]["gpu"];
      require(g, "name", T::string, "environment.gpu");
      require(g, "driver", T::string, "environment.gpu");
      require(g, "sm_count", T::number_float, "environment.gpu");
      require(g, "runtime_version", T::number_float, "environment.gpu");
    }
    if (!r.contains("ceilings") || !(r["ceilings"].is_null() || r["ceilings"].is_object()))
      throw std::runtime_error("ceilings is missing or neither null nor an object");
    if (r["ceilings"].is_object()) {
      require(r["ceilings"], "copy_GBps", T::number_float, "ceilings");
      require(r["ceilings"], "fp32_TFLOPs", T::number_float, "ceilings");
    }
    require(r, "experiments", T::array, "");
    for (std::size_t i = 0; i < r["experiments"].size(); ++i) {
      const std::string at = "experiments[" + std::to_string(i) + "]";
      if (!r["experiments"][i].is_object()) throw std::runtime_error(at + " is not an object");
      check_experiment(r["experiments"][i], at);
    }
    if (r.contains("models")) validate_models(r["models"]);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error("run record " + path + ": " + e.what() +
                             ". Fix: restore it from git (`git checkout -- " + path +
                             "`) or move it out of the records folder");
  }
}

std::vector<RecordFile> load_run_records(const std::string& records_dir) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(records_dir))
    throw std::runtime_error("records folder " + records_dir +
                             " does not exist. Fix: pass --records-dir, or run an experiment first");
  std::vector<RecordFile> out;
  for (const auto& [run_id, path] : record_files_in(records_dir)) {
    RecordFile r;
    r.path = path;
    r.run_id = run_id;
    r.json = read_run_record(r.path);
    validate_run_record(r.json, r.path);
    if (r.json["run_id"].get<std::string>() != r.run_id)
      throw std::runtime_error("run record " + r.path + " says run_id " +
                               r.json["run_id"].get<std::string>() +
                               ", its file name says " + r.run_id +
                               ". Fix: restore the file's name or content from git");
    out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(),
            [](const RecordFile& a, const RecordFile& b) { return a.run_id < b.run_id; });
  return out;
}

}  // namespace fuselab
