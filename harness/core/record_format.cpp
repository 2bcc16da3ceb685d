#include "harness/core/record_format.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <stdexcept>

#include "harness/core/gzip_text.h"
#include "harness/core/record_derived.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCompactSuffix = ".json.gz";
constexpr const char* kLegacySuffix = ".json";
constexpr double kDerivedTolerance = 1e-12;  // relative; see record_format.h

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Equal, numbers within kDerivedTolerance relative (the ones recomputed on reading).
bool same_derived(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    return x == y || std::fabs(x - y) <= kDerivedTolerance * std::max(std::fabs(x), std::fabs(y));
  }
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (const auto& [key, value] : a.items())
      if (!b.contains(key) || !same_derived(value, b[key])) return false;
    return true;
  }
  return a == b;
}

bool is_series_with_samples(const json& t) {
  return t.is_object() && t.contains("samples") && t["samples"].is_array();
}

double cold_median(const json& c) { return c["timing"]["cold"]["stats"]["median"].get<double>(); }

bool has_traffic(const json& c) {
  return c.contains("traffic") && c["traffic"].is_object() && c["traffic"].contains("bytes") &&
         c["traffic"].contains("flops");
}

json derived_achieved(const json& c, const json& ceilings) {
  return achieved_json(c["traffic"]["bytes"].get<double>(), c["traffic"]["flops"].get<double>(), cold_median(c),
                       ceilings);
}

void store_case(json& c, const json& ceilings) {
  if (c.contains("recheck") && c["recheck"].is_object() && c.contains("check") && c["recheck"] == c["check"])
    c["recheck"] = "same";
  if (!c.contains("timing") || !c["timing"].is_object()) return;
  // achieved first: it is compared against the stored median, before stats leave.
  if (c.contains("achieved") && has_traffic(c) && is_series_with_samples(c["timing"]["cold"]) &&
      c["timing"]["cold"].contains("stats") && same_derived(c["achieved"], derived_achieved(c, ceilings)))
    c.erase("achieved");
  for (auto& [mode, series] : c["timing"].items()) {
    if (!is_series_with_samples(series) || !series.contains("stats")) continue;
    const json again = timing_series_json(series["samples"].get<std::vector<double>>());
    if (same_derived(series["stats"], again["stats"])) series.erase("stats");
  }
}

void expand_case(json& c, const json& ceilings) {
  if (c.contains("recheck") && c["recheck"] == "same") c["recheck"] = c["check"];
  if (!c.contains("timing") || !c["timing"].is_object()) return;
  for (auto& [mode, series] : c["timing"].items()) {
    if (!is_series_with_samples(series)) continue;
    if (!std::all_of(series["samples"].begin(), series["samples"].end(), [](const json& x) { return x.is_number(); }))
      throw std::runtime_error("case " + c.value("name", std::string("?")) + ": its " + mode +
                               " samples are not all numbers");
    if (!series.contains("stats"))
      series["stats"] = timing_series_json(series["samples"].get<std::vector<double>>())["stats"];
  }
  if (!c.contains("achieved") && has_traffic(c) && c["timing"].contains("cold") &&
      c["timing"]["cold"].contains("stats"))
    c["achieved"] = derived_achieved(c, ceilings);
}

template <class PerCase>
void for_each_case(json& record, PerCase&& per_case) {
  if (!record.contains("experiments") || !record["experiments"].is_array()) return;
  const json ceilings = record.value("ceilings", json());
  for (auto& e : record["experiments"])
    if (e.is_object() && e.contains("cases") && e["cases"].is_array())
      for (auto& c : e["cases"])
        if (c.is_object()) per_case(c, ceilings);
}

}  // namespace

std::string record_file_name(const std::string& run_id) { return run_id + kCompactSuffix; }

RecordFileName parse_record_file_name(const std::string& name) {
  if (name.empty() || name[0] == '.' || ends_with(name, ".gbench.json")) return {};
  if (ends_with(name, kCompactSuffix)) return {name.substr(0, name.size() - 8), false};
  if (ends_with(name, kLegacySuffix)) return {name.substr(0, name.size() - 5), true};
  return {};
}

std::vector<std::pair<std::string, std::string>> record_files_in(const std::string& dir) {
  std::map<std::string, std::pair<bool, std::string>> by_run;  // run id -> (legacy, path)
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const RecordFileName f = parse_record_file_name(entry.path().filename().string());
    if (f.run_id.empty()) continue;
    auto it = by_run.find(f.run_id);
    if (it == by_run.end() || (it->second.first && !f.legacy)) by_run[f.run_id] = {f.legacy, entry.path().string()};
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& [run_id, file] : by_run) out.emplace_back(run_id, file.second);
  return out;
}

std::string path_for_record(const std::string& path, const std::string& root) {
  const fs::path p(path);
  if (!p.is_absolute()) return path;
  if (!root.empty()) {
    const fs::path rel = p.lexically_normal().lexically_relative(fs::path(root).lexically_normal());
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  const std::string marker = "/reference_data/";
  const auto at = path.rfind(marker);
  if (at != std::string::npos) return path.substr(at + 1);
  return p.filename().string();
}

json command_for_record(const json& command, const std::string& root) {
  json out = command;
  if (out.is_array())
    for (auto& arg : out)
      if (arg.is_string()) arg = path_for_record(arg.get<std::string>(), root);
  return out;
}

json normalized_record(json full, const std::string& root) {
  full["schema"] = kRunRecordSchema;
  full.erase("gbench_file");
  if (full.contains("command")) full["command"] = command_for_record(full["command"], root);
  for_each_case(full, [&](json& c, const json&) {
    if (c.contains("reference") && c["reference"].is_object() && c["reference"].contains("file") &&
        c["reference"]["file"].is_string())
      c["reference"]["file"] = path_for_record(c["reference"]["file"].get<std::string>(), root);
  });
  return full;
}

json stored_record(const json& full, const std::string& root) {
  json stored = normalized_record(full, root);
  for_each_case(stored, [](json& c, const json& ceilings) { store_case(c, ceilings); });
  return stored;
}

std::string first_difference(const json& a, const json& b) {
  std::string where;
  const std::function<bool(const json&, const json&, const std::string&, bool)> walk =
      [&](const json& x, const json& y, const std::string& at, bool derived) {
        if (derived && !same_derived(x, y)) return where = at, false;
        if (derived) return true;
        if (x.is_object() && y.is_object()) {
          for (const auto& [key, value] : x.items()) {
            if (!y.contains(key)) return where = at + "." + key + " (missing)", false;
            if (!walk(value, y[key], at + "." + key, key == "stats" || key == "achieved")) return false;
          }
          for (const auto& [key, value] : y.items())
            if (!x.contains(key)) return where = at + "." + key + " (added)", false;
          return true;
        }
        if (x.is_array() && y.is_array() && x.size() == y.size()) {
          for (std::size_t i = 0; i < x.size(); ++i)
            if (!walk(x[i], y[i], at + "[" + std::to_string(i) + "]", false)) return false;
          return true;
        }
        if (x != y) return where = at, false;
        return true;
      };
  walk(a, b, "", false);
  return where;
}

json expanded_record(json stored) {
  for_each_case(stored, [](json& c, const json& ceilings) { expand_case(c, ceilings); });
  return stored;
}

std::string record_file_bytes(const json& full, const std::string& root) {
  return gzip_compress(stored_record(full, root).dump() + "\n");
}

json parse_record_file(const std::string& bytes, const std::string& path) {
  std::string text;
  try {
    text = looks_gzipped(bytes) ? gzip_decompress(bytes, "run record " + path) : bytes;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(std::string(e.what()) + ". Fix: restore it from git (`git checkout -- " + path + "`)");
  }
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {  // parse_error, or out_of_range for a number like 1e999
    throw std::runtime_error("run record " + path + " is not valid JSON (" + e.what() +
                             "). Fix: restore it from git (`git checkout -- " + path + "`)");
  }
  // find(), not value(): a schema that is no integer (or a top level that is
  // no object) is refused here, not thrown as nlohmann's type_error.
  const auto schema = j.is_object() ? j.find("schema") : j.end();
  const bool known = schema != j.end() && schema->is_number_integer() &&
                     (*schema == kRunRecordSchema || *schema == kLegacyRunRecordSchema);
  if (!known)
    throw std::runtime_error(
        "run record " + path + " has schema " +
        (schema == j.end()              ? std::string("0")
         : schema->is_number_integer() ? schema->dump()
                                        : std::string("of type ") + schema->type_name()) +
        ", this fuselab reads schemas " + std::to_string(kLegacyRunRecordSchema) + " and " +
        std::to_string(kRunRecordSchema) + ". Fix: use the fuselab version that wrote it, or restore the file from git");
  if (*schema == kLegacyRunRecordSchema) return j;
  try {
    return expanded_record(std::move(j));
  } catch (const std::exception& e) {
    throw std::runtime_error("run record " + path + " has a timing block or case that cannot be read (" +
                             e.what() + "). Fix: restore it from git (`git checkout -- " + path + "`)");
  }
}

}  // namespace fuselab
