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

// A YAML file that is a map of one key holding a list of flat maps: its
// errors name the file, the line, what is wrong and the fix.
class EntryFile {
 public:
  // `noun`: what one entry is ("target").
  EntryFile(std::string path, std::string format_doc, std::string noun)
      : path_(std::move(path)), doc_(std::move(format_doc)), noun_(std::move(noun)) {}

  [[noreturn]] void fail(const YAML::Node& at, const std::string& what, const std::string& fix) const {
    std::string where = path_;
    if (at.IsDefined() && !at.Mark().is_null()) where += ":" + std::to_string(at.Mark().line + 1);
    throw std::runtime_error(where + ": " + what + ". Fix: " + fix + " (format: " + doc_ + ")");
  }

  // root's `key`: a non-empty list, and root holds nothing else.
  YAML::Node entries(const YAML::Node& root, const std::string& key, const std::string& item) const {
    if (!root.IsMap() || !root[key].IsDefined())
      fail(root, "the file must be a map with the key " + key, "write " + key + ": followed by '- " + item + "' items");
    for (const auto& entry : root)
      if (entry.first.Scalar() != key)
        fail(entry.first, "unknown key '" + entry.first.Scalar() + "' at the top level", "keep only " + key);
    const YAML::Node list = root[key];
    if (!list.IsSequence() || list.size() == 0)
      fail(list, key + " must be a non-empty list", "write '- " + item + "' items");
    return list;
  }

  // A map whose keys are all in `allowed` (listed in `allowed_text`), none twice.
  void check_keys(const YAML::Node& node, const std::set<std::string>& allowed, const std::string& allowed_text,
                  const std::string& item) const {
    if (!node.IsMap()) fail(node, "a " + noun_ + " must be a map", "write " + item);
    std::set<std::string> seen;
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      if (!allowed.count(key)) fail(entry.first, "unknown key '" + key + "' in a " + noun_, "use " + allowed_text);
      if (!seen.insert(key).second) fail(entry.first, "key '" + key + "' appears twice in a " + noun_, "keep one");
    }
  }

  double number(const YAML::Node& n, const std::string& key) const {
    try {
      return n.as<double>();
    } catch (const YAML::Exception&) {
      fail(n, key + " must be a number", "write " + key + ": 40");
    }
  }

  std::string text(const YAML::Node& node, const std::string& key, const std::string& fix) const {
    if (!node[key].IsDefined() || !node[key].IsScalar() || node[key].Scalar().empty())
      fail(node, "a " + noun_ + " without its " + key, fix);
    return node[key].Scalar();
  }

 private:
  std::string path_, doc_, noun_;
};

const char* const kTargetsDoc = "docs/reference-format.md, \"Targets\"";
const char* const kFloorsDoc = "docs/reference-format.md, \"Floors\"";

Target read_target(const EntryFile& file, const YAML::Node& node, const CasesFile& cases,
                   const std::vector<Floor>& floors) {
  file.check_keys(node, {"case", "max_us", "min_copy_fraction", "source"}, "case, max_us, min_copy_fraction or source",
                  "{case: ..., max_us: ...}");
  Target t;
  t.case_name = file.text(node, "case", "add case: <a case name of " + cases.path + ">");
  const CaseSpec* spec = cases.find(t.case_name);
  if (!spec || !spec->for_benchmarks)
    file.fail(node["case"], "case '" + t.case_name + "' is not a timed case of " + cases.path,
              "name a case of that file whose use includes benchmarks");
  if (node["max_us"].IsDefined()) t.max_us = file.number(node["max_us"], "max_us");
  if (node["min_copy_fraction"].IsDefined())
    t.min_copy_fraction = file.number(node["min_copy_fraction"], "min_copy_fraction");
  if (t.max_us.has_value() == t.min_copy_fraction.has_value())
    file.fail(node, "target on '" + t.case_name + "' needs exactly one of max_us and min_copy_fraction",
              "write one bound per target (two targets for two bounds)");
  if (t.max_us && !(*t.max_us > 0)) file.fail(node["max_us"], "max_us must be > 0", "write a time in microseconds");
  if (t.min_copy_fraction && !(*t.min_copy_fraction > 0 && *t.min_copy_fraction <= 1))
    file.fail(node["min_copy_fraction"], "min_copy_fraction must be in (0, 1]", "write 0.6 for 60 %");
  if (node["source"].IsDefined()) t.source = node["source"].Scalar();
  for (const auto& f : floors)
    if (f.shape == spec->shape_text()) t.floors.push_back(f);
  return t;
}

Floor read_floor(const EntryFile& file, const YAML::Node& node) {
  const std::string item = "{shape: 1x4x64x8192, us: 17.2, what: ..., source: ...}";
  file.check_keys(node, {"shape", "us", "what", "source"}, "shape, us, what and source", item);
  Floor f;
  f.shape = file.text(node, "shape", "add shape: <a case's shape as the records write it, e.g. 1x4x64x8192>");
  if (!node["us"].IsDefined()) file.fail(node, "a floor without its time", "add us: <the probe's cold median, µs>");
  f.us = file.number(node["us"], "us");
  if (!(f.us > 0)) file.fail(node["us"], "us must be > 0", "write the probe's cold median in microseconds");
  f.what = file.text(node, "what", "add what: <what the probe's launch moves or does>");
  f.source = file.text(node, "source", "add source: <the probe, the call and the note that measured it>");
  return f;
}

}  // namespace

std::vector<Floor> load_floors(const std::string& root) {
  const fs::path path = fs::path(root) / "experiments" / "floors.yaml";
  if (!fs::is_regular_file(path)) return {};
  const EntryFile file(path.string(), kFloorsDoc, "floor");
  std::vector<Floor> out;
  for (const auto& node : file.entries(load_yaml_file(path.string(), kFloorsDoc), "floors", "{shape: ..., us: ...}"))
    out.push_back(read_floor(file, node));
  return out;
}

std::vector<Target> load_family_targets(const std::string& root, const std::string& family) {
  const fs::path path = fs::path(root) / "experiments" / family / "targets.yaml";
  if (!fs::is_regular_file(path)) return {};
  const CasesFile cases = load_family_cases(root, family);
  const std::vector<Floor> floors = load_floors(root);
  const EntryFile file(path.string(), kTargetsDoc, "target");
  std::vector<Target> out;
  for (const auto& node :
       file.entries(load_yaml_file(path.string(), kTargetsDoc), "targets", "{case: ..., max_us: ...}"))
    out.push_back(read_target(file, node, cases, floors));
  return out;
}

std::map<std::string, std::vector<Target>> load_all_targets(const std::string& root) {
  std::map<std::string, std::vector<Target>> out;
  for (const auto& family : list_families(root)) out[family] = load_family_targets(root, family);
  return out;
}

}  // namespace fuselab
