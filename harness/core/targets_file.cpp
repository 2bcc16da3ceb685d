#include "harness/core/targets_file.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>
#include <stdexcept>

#include "harness/core/cases_file.h"
#include "harness/core/yaml_file.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

const char* const kFormatDoc = "docs/reference-format.md, \"Targets\"";

class TargetsReader {
 public:
  TargetsReader(std::string path, const CasesFile& cases) : path_(std::move(path)), cases_(cases) {}

  std::vector<Target> read(const YAML::Node& root) const {
    if (!root.IsMap() || !root["targets"].IsDefined())
      fail(root, "the file must be a map with the key targets", "write targets: followed by '- {case: ..., max_us: ...}' items");
    for (const auto& item : root)
      if (item.first.Scalar() != "targets")
        fail(item.first, "unknown key '" + item.first.Scalar() + "' at the top level", "keep only targets");
    const YAML::Node list = root["targets"];
    if (!list.IsSequence() || list.size() == 0)
      fail(list, "targets must be a non-empty list", "write '- {case: ..., max_us: ...}' items");
    std::vector<Target> out;
    for (const auto& node : list) out.push_back(read_target(node));
    return out;
  }

 private:
  [[noreturn]] void fail(const YAML::Node& at, const std::string& what, const std::string& fix) const {
    std::string where = path_;
    if (at.IsDefined() && !at.Mark().is_null()) where += ":" + std::to_string(at.Mark().line + 1);
    throw std::runtime_error(where + ": " + what + ". Fix: " + fix + " (format: " + kFormatDoc + ")");
  }

  double number(const YAML::Node& n, const std::string& key) const {
    try {
      return n.as<double>();
    } catch (const YAML::Exception&) {
      fail(n, key + " must be a number", "write " + key + ": 40");
    }
  }

  Target read_target(const YAML::Node& node) const {
    if (!node.IsMap()) fail(node, "a target must be a map", "write {case: ..., max_us: ...}");
    static const std::set<std::string> kKeys = {"case", "max_us", "min_copy_fraction", "source"};
    std::set<std::string> seen;
    for (const auto& item : node) {
      const std::string key = item.first.Scalar();
      if (!kKeys.count(key))
        fail(item.first, "unknown key '" + key + "' in a target", "use case, max_us, min_copy_fraction or source");
      if (!seen.insert(key).second) fail(item.first, "key '" + key + "' appears twice in a target", "keep one");
    }
    if (!node["case"].IsDefined() || !node["case"].IsScalar())
      fail(node, "a target without its case", "add case: <a case name of " + cases_.path + ">");
    Target t;
    t.case_name = node["case"].Scalar();
    const CaseSpec* spec = cases_.find(t.case_name);
    if (!spec || !spec->for_benchmarks)
      fail(node["case"], "case '" + t.case_name + "' is not a timed case of " + cases_.path,
           "name a case of that file whose use includes benchmarks");
    if (node["max_us"].IsDefined()) t.max_us = number(node["max_us"], "max_us");
    if (node["min_copy_fraction"].IsDefined())
      t.min_copy_fraction = number(node["min_copy_fraction"], "min_copy_fraction");
    if (t.max_us.has_value() == t.min_copy_fraction.has_value())
      fail(node, "target on '" + t.case_name + "' needs exactly one of max_us and min_copy_fraction",
           "write one bound per target (two targets for two bounds)");
    if (t.max_us && !(*t.max_us > 0)) fail(node["max_us"], "max_us must be > 0", "write a time in microseconds");
    if (t.min_copy_fraction && !(*t.min_copy_fraction > 0 && *t.min_copy_fraction <= 1))
      fail(node["min_copy_fraction"], "min_copy_fraction must be in (0, 1]", "write 0.6 for 60 %");
    if (node["source"].IsDefined()) t.source = node["source"].Scalar();
    return t;
  }

  std::string path_;
  const CasesFile& cases_;
};

}  // namespace

std::vector<Target> load_family_targets(const std::string& root, const std::string& family) {
  const fs::path path = fs::path(root) / "experiments" / family / "targets.yaml";
  if (!fs::is_regular_file(path)) return {};
  const CasesFile cases = load_family_cases(root, family);
  return TargetsReader(path.string(), cases).read(load_yaml_file(path.string(), kFormatDoc));
}

std::map<std::string, std::vector<Target>> load_all_targets(const std::string& root) {
  std::map<std::string, std::vector<Target>> out;
  for (const auto& family : list_families(root)) out[family] = load_family_targets(root, family);
  return out;
}

}  // namespace fuselab
