#include "harness/core/env_diff.h"

#include <map>
#include <set>

namespace fuselab {
namespace {

using nlohmann::json;

const char* kNone = "(none)";

// The value at a path of keys, as text; "(none)" where any step is missing.
std::string at(const json& j, std::initializer_list<const char*> path) {
  const json* p = &j;
  for (const char* key : path) {
    if (!p->is_object() || !p->contains(key)) return kNone;
    p = &(*p)[key];
  }
  if (p->is_null()) return kNone;
  if (p->is_string()) return p->get<std::string>();
  return p->dump();
}

// CUDA encodes versions as 1000 * major + 10 * minor (13000 = 13.0).
std::string cuda_version(const json& record) {
  const json* gpu = nullptr;
  if (record.contains("environment") && record["environment"].is_object() &&
      record["environment"].contains("gpu"))
    gpu = &record["environment"]["gpu"];
  if (!gpu || !gpu->contains("runtime_version")) return kNone;
  const json& v = (*gpu)["runtime_version"];
  if (v.is_number_integer()) {
    const long n = v.get<long>();
    return std::to_string(n / 1000) + "." + std::to_string((n % 1000) / 10);
  }
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::map<std::string, std::string> source_hashes(const json& record) {
  std::map<std::string, std::string> out;
  if (!record.contains("experiments") || !record["experiments"].is_array()) return out;
  for (const json& e : record["experiments"]) {
    const std::string id = e.value("id", std::string());
    const std::string family = e.value("family", std::string());
    // A peer id can appear once per family: key it by both when the family
    // is not the id's own prefix.
    const std::string key =
        id.rfind(family + "/", 0) == 0 || family.empty() ? id : id + " (" + family + ")";
    out[key] = e.value("source_sha256", std::string(kNone));
  }
  return out;
}

std::vector<EnvField> machine_fields(const json& a, const json& b) {
  return {{"gpu", at(a, {"environment", "gpu", "name"}), at(b, {"environment", "gpu", "name"})},
          {"driver", at(a, {"environment", "gpu", "driver"}),
           at(b, {"environment", "gpu", "driver"})},
          {"cuda_runtime", cuda_version(a), cuda_version(b)}};
}

std::vector<EnvField> build_fields(const json& a, const json& b) {
  return {{"cxx_compiler", at(a, {"build", "cxx_compiler"}), at(b, {"build", "cxx_compiler"})},
          {"cuda_flags", at(a, {"build", "cuda_flags"}), at(b, {"build", "cuda_flags"})}};
}

}  // namespace

std::vector<EnvField> environment_diff(const json& old_record, const json& new_record) {
  const json& a = old_record;
  const json& b = new_record;
  std::vector<EnvField> out = machine_fields(a, b);
  out.push_back({"sm_clock_start_mhz", at(a, {"environment", "clock_start", "sm_clock_mhz"}),
                 at(b, {"environment", "clock_start", "sm_clock_mhz"})});
  out.push_back({"sm_clock_end_mhz", at(a, {"environment", "clock_end", "sm_clock_mhz"}),
                 at(b, {"environment", "clock_end", "sm_clock_mhz"})});
  out.push_back({"throttled_at_end", at(a, {"environment", "clock_end", "throttled"}),
                 at(b, {"environment", "clock_end", "throttled"})});
  out.push_back({"host", at(a, {"environment", "host"}), at(b, {"environment", "host"})});
  for (auto& f : build_fields(a, b)) out.push_back(std::move(f));
  out.push_back({"git_commit", at(a, {"git", "commit"}), at(b, {"git", "commit"})});
  out.push_back({"git_dirty", at(a, {"git", "dirty"}), at(b, {"git", "dirty"})});
  const auto old_src = source_hashes(a);
  const auto new_src = source_hashes(b);
  std::set<std::string> ids;
  for (const auto& [id, h] : old_src) ids.insert(id);
  for (const auto& [id, h] : new_src) ids.insert(id);
  for (const auto& id : ids) {
    auto o = old_src.find(id);
    auto n = new_src.find(id);
    out.push_back({"source_sha256 " + id, o == old_src.end() ? kNone : o->second,
                   n == new_src.end() ? kNone : n->second});
  }
  return out;
}

std::vector<EnvField> comparability_diff(const json& a, const json& b, bool compare_build) {
  std::vector<EnvField> all = machine_fields(a, b);
  if (compare_build)
    for (auto& f : build_fields(a, b)) all.push_back(std::move(f));
  std::vector<EnvField> out;
  for (auto& f : all)
    if (!f.same()) out.push_back(std::move(f));
  return out;
}

std::string describe(const std::vector<EnvField>& differences) {
  std::string out;
  for (const auto& f : differences) {
    if (!out.empty()) out += "; ";
    out += f.field + " " + f.old_value + " -> " + f.new_value;
  }
  return out;
}

std::string render_env_diff_md(const std::vector<EnvField>& fields) {
  auto cell = [](const std::string& s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  std::string out = "| field | old | new | |\n|---|---|---|---|\n";
  for (const auto& f : fields)
    out += "| " + f.field + " | " + cell(f.old_value) + " | " + cell(f.new_value) + " | " +
           (f.same() ? "" : "changed") + " |\n";
  return out;
}

}  // namespace fuselab
