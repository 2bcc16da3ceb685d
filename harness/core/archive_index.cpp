#include "harness/core/archive_index.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <stdexcept>

#include "harness/core/cases_file.h"
#include "harness/core/run_record.h"
#include "harness/core/yaml_file.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
constexpr const char* kFormatDoc = "docs/archive.md";

std::string file_of(const std::string& root, const std::string& family) {
  return (fs::path(root) / "experiments" / family / "archived.yaml").string();
}

[[noreturn]] void refuse(const std::string& path, const std::string& what, const std::string& fix) {
  throw std::runtime_error(path + ": " + what + ". Fix: " + fix + " (format: " + kFormatDoc + ")");
}

std::string text_field(const YAML::Node& entry, const char* key, const std::string& path,
                       const std::string& where, bool required) {
  const YAML::Node v = entry[key];
  if (!v || v.IsNull()) {
    if (required) refuse(path, where + " has no '" + key + "'", std::string("give it a '") + key + "' field");
    return "";
  }
  if (!v.IsScalar()) refuse(path, where + ": '" + key + "' is not text", "write it as a string");
  return v.as<std::string>();
}

std::vector<ArchivedVersion> load_family(const std::string& path, const std::string& family) {
  const YAML::Node doc = load_yaml_file(path, kFormatDoc);
  std::vector<ArchivedVersion> out;
  if (!doc || doc.IsNull()) return out;
  if (!doc.IsMap() || !doc["archived"] || !doc["archived"].IsSequence())
    refuse(path, "no 'archived' list at the top", "write `archived:` followed by one entry per version");
  static const std::regex version_pattern("v[0-9]{3}_[a-z0-9_]+");
  static const std::regex sha_pattern("[0-9a-f]{7,40}");
  for (std::size_t i = 0; i < doc["archived"].size(); ++i) {
    const YAML::Node entry = doc["archived"][i];
    const std::string where = "entry " + std::to_string(i + 1);
    if (!entry.IsMap()) refuse(path, where + " is not a mapping", "write each entry as `- version: ...` with its fields");
    ArchivedVersion a;
    a.family = family;
    a.version = text_field(entry, "version", path, where, true);
    if (!std::regex_match(a.version, version_pattern))
      refuse(path, where + ": version '" + a.version + "' is not vNNN_slug", "name the version as its file was named");
    const std::string at = where + " (" + a.version + ")";
    a.parent = text_field(entry, "parent", path, at, false);
    a.hypothesis = text_field(entry, "hypothesis", path, at, true);
    a.prediction = text_field(entry, "prediction", path, at, true);
    a.limits = text_field(entry, "limits", path, at, false);
    a.last_commit = text_field(entry, "last_commit", path, at, true);
    if (!std::regex_match(a.last_commit, sha_pattern))
      refuse(path, at + ": last_commit '" + a.last_commit + "' is not a git commit", "give the commit's sha");
    if (const YAML::Node vs = entry["verdicts"]) {
      if (!vs.IsSequence()) refuse(path, at + ": 'verdicts' is not a list", "list them as `- {run: RUN_ID, verdict: V}`");
      for (const auto& v : vs) {
        if (!v.IsMap()) refuse(path, at + ": a verdict is not a mapping", "write `- {run: RUN_ID, verdict: V}`");
        a.verdicts.push_back({text_field(v, "run", path, at, true), text_field(v, "verdict", path, at, true)});
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

YAML::Emitter& emit(YAML::Emitter& y, const ArchivedVersion& a) {
  y << YAML::BeginMap;
  y << YAML::Key << "version" << YAML::Value << a.version;
  y << YAML::Key << "parent" << YAML::Value;
  if (a.parent.empty()) y << YAML::Null; else y << a.parent;
  y << YAML::Key << "last_commit" << YAML::Value << a.last_commit;
  y << YAML::Key << "hypothesis" << YAML::Value << a.hypothesis;
  y << YAML::Key << "prediction" << YAML::Value << a.prediction;
  y << YAML::Key << "limits" << YAML::Value << a.limits;
  y << YAML::Key << "verdicts" << YAML::Value << YAML::BeginSeq;
  for (const auto& v : a.verdicts)
    y << YAML::Flow << YAML::BeginMap << YAML::Key << "run" << YAML::Value << v.run_id << YAML::Key
      << "verdict" << YAML::Value << v.verdict << YAML::EndMap;
  y << YAML::EndSeq << YAML::EndMap;
  return y;
}

}  // namespace

std::string ArchivedVersion::rerun_command() const { return "fuselab run " + id() + " --at " + last_commit; }

ArchiveIndex ArchiveIndex::load(const std::string& root) {
  ArchiveIndex index;
  std::set<std::string> seen;
  for (const auto& family : list_families(root)) {
    const std::string path = file_of(root, family);
    if (!fs::exists(path)) continue;
    for (auto& a : load_family(path, family)) {
      if (!seen.insert(a.id()).second)
        refuse(path, "version " + a.version + " is listed twice", "keep one entry per version");
      index.versions_.push_back(std::move(a));
    }
  }
  return index;
}

const ArchivedVersion* ArchiveIndex::find(const std::string& id) const {
  for (const auto& a : versions_)
    if (a.id() == id) return &a;
  return nullptr;
}

const ArchivedVersion* ArchiveIndex::resolve(const std::string& pattern) const {
  if (const ArchivedVersion* a = find(pattern)) return a;
  static const std::regex short_form("([a-z0-9_]+)/v([0-9]+)");
  std::smatch m;
  if (!std::regex_match(pattern, m, short_form)) return nullptr;
  for (const auto& a : versions_)
    if (a.family == m[1].str() && std::stoi(a.version.substr(1, 3)) == std::stoi(m[2].str())) return &a;
  return nullptr;
}

std::set<std::string> ArchiveIndex::ids() const {
  std::set<std::string> out;
  for (const auto& a : versions_) out.insert(a.id());
  return out;
}

void write_family_archive(const std::string& root, const std::string& family,
                          std::vector<ArchivedVersion> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const ArchivedVersion& a, const ArchivedVersion& b) { return a.version < b.version; });
  YAML::Emitter y;
  y << YAML::Comment("Versions of " + family +
                     " that left the default build; written by `fuselab archive` (docs/archive.md).")
    << YAML::Newline;
  y << YAML::BeginMap << YAML::Key << "archived" << YAML::Value << YAML::BeginSeq;
  for (const auto& a : entries) emit(y, a);
  y << YAML::EndSeq << YAML::EndMap;
  const fs::path path = file_of(root, family);
  write_file_atomically(path.parent_path().string(), path.filename().string(), std::string(y.c_str()) + "\n");
}

std::map<std::string, std::string> experiment_module_paths(const std::string& root) {
  static const std::regex module_name("(v[0-9]{3}_[a-z0-9_]+)\\.cu");
  static const std::regex declaration("FUSELAB_EXPERIMENT\\(\\s*([a-z_]+)\\s*,\\s*(v[0-9]{3}_[a-z0-9_]+)\\s*\\)");
  std::map<std::string, std::string> out;
  for (const auto& family : list_families(root)) {
    for (const auto& entry : fs::directory_iterator(fs::path(root) / "experiments" / family)) {
      std::smatch m;
      const std::string name = entry.path().filename().string();
      if (std::regex_match(name, m, module_name))
        out[family + "/" + m[1].str()] = "experiments/" + family + "/" + name;
    }
  }
  const fs::path designs = fs::path(root) / "experiments" / "designs";
  if (fs::is_directory(designs)) {
    for (const auto& entry : fs::directory_iterator(designs)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".cu") continue;
      std::ifstream in(entry.path());
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      for (std::sregex_iterator it(text.begin(), text.end(), declaration), end; it != end; ++it)
        out[(*it)[1].str() + "/" + (*it)[2].str()] = "experiments/designs/" + entry.path().filename().string();
    }
  }
  return out;
}

std::set<std::string> experiment_modules_in_tree(const std::string& root) {
  std::set<std::string> out;
  for (const auto& [id, path] : experiment_module_paths(root)) out.insert(id);
  return out;
}

}  // namespace fuselab
