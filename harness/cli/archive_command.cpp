// `fuselab archive ID...`: a version leaves the default build. Its
// declaration (from this build, else from its newest run record), the
// verdicts its records gave and the commit that holds its source go into
// experiments/<family>/archived.yaml; then its module and kernel header leave the
// tree, and so does every part that nothing includes any more. `fuselab run ID --at
// COMMIT` rebuilds it from that commit. Format: docs/archive.md.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/core/archive_index.h"
#include "harness/core/provenance.h"
#include "harness/core/record_index.h"
#include "harness/core/registry.h"

namespace fuselab::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A version's kernel header (its recipe): kernels/<family>/vNNN_slug.cuh,
// whether its module is its own or a design module.
std::string header_path(const std::string& id) { return "kernels/" + id + ".cuh"; }

// The commit that holds the module as it is in the tree: HEAD, refused when
// the module is untracked or differs from HEAD (the archive must name a
// commit that really held this source).
std::string commit_holding(const std::string& root, const std::string& id, const std::string& module_path) {
  int status = 0;
  const std::string head = command_output("git -C '" + root + "' rev-parse HEAD 2>/dev/null", &status);
  if (status != 0 || head.empty())
    throw std::runtime_error("no git repository at " + root +
                             ", so no commit can be named for " + id +
                             ". Fix: archive where the repository's .git is");
  for (const std::string& rel : {module_path, header_path(id)}) {
    if (!fs::exists(fs::path(root) / rel)) continue;
    command_output("git -C '" + root + "' ls-files --error-unmatch '" + rel + "' >/dev/null 2>&1", &status);
    if (status != 0)
      throw std::runtime_error(rel + " is not committed. Fix: commit it first, so that the archive names a commit holding it");
    const std::string changes =
        command_output("git -C '" + root + "' status --porcelain -- '" + rel + "'", &status);
    if (!changes.empty())
      throw std::runtime_error(rel + " differs from HEAD. Fix: commit or drop the change first, so that the archive names a commit holding it");
  }
  return head;
}

// e[key] (or e[key][inner]) when it is text; "" when absent, null or another type.
std::string text_at(const json& e, const char* key, const char* inner = nullptr) {
  if (!e.is_object() || !e.contains(key)) return "";
  const json& v = e[key];
  if (inner) return v.is_object() && v.contains(inner) && v[inner].is_string() ? v[inner].get<std::string>() : "";
  return v.is_string() ? v.get<std::string>() : "";
}

// The record's experiment entries (none when it has no list: a calibration).
const json& experiments_of(const LoadedRecord& r) {
  static const json none = json::array();
  const json& j = *r.json;
  return j.is_object() && j.contains("experiments") && j["experiments"].is_array() ? j["experiments"] : none;
}

struct Declaration {
  std::string parent, hypothesis, prediction, limits;
};

Declaration declaration_of(const std::string& id, const RecordIndex& records) {
  if (const Experiment* e = Registry::global().find(id))
    return {e->parent_id, e->hypothesis_text, e->prediction_value.describe(), describe_limits_of(*e)};
  const json* newest = nullptr;
  for (const auto& r : records.records())
    for (const json& e : experiments_of(r))
      if (text_at(e, "id") == id && !e.value("peer", false)) newest = &e;
  if (!newest)
    throw std::runtime_error(id + " is neither in this build nor in any run record, so its declaration is unknown. "
                             "Fix: archive it from a build that holds it (FUSELAB_ONLY='" + id + "' scripts/build.sh)");
  return {text_at(*newest, "parent"), text_at(*newest, "hypothesis"), text_at(*newest, "prediction", "text"),
          text_at(*newest, "limits")};
}

std::vector<ArchivedVerdict> verdicts_of(const std::string& id, const RecordIndex& records) {
  std::vector<ArchivedVerdict> out;
  for (const auto& r : records.records())
    for (const json& e : experiments_of(r)) {
      if (text_at(e, "id") != id || e.value("peer", false)) continue;
      const std::string v = text_at(e, "verdict", "value");
      if (!v.empty() && v != "UNTESTED") out.push_back({r.run_id, v});
    }
  return out;
}

// Repository-relative paths that some source file under experiments/,
// kernels/ or harness/ includes.
std::set<std::string> included_paths(const std::string& root) {
  static const std::regex include_line("#include\\s+\"([^\"]+)\"");
  std::set<std::string> out;
  for (const char* top : {"experiments", "kernels", "harness"}) {
    if (!fs::is_directory(fs::path(root) / top)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(root) / top)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cu" && ext != ".cuh" && ext != ".h" && ext != ".cpp")) continue;
      std::ifstream in(entry.path());
      std::string line;
      std::smatch m;
      while (std::getline(in, line))
        if (std::regex_search(line, m, include_line)) out.insert(m[1].str());
    }
  }
  return out;
}

// The parts in the tree (kernels/<family>/parts/*.cuh), repository-relative.
std::set<std::string> part_paths(const std::string& root) {
  std::set<std::string> out;
  const fs::path kernels = fs::path(root) / "kernels";
  if (!fs::is_directory(kernels)) return out;
  for (const auto& family : fs::directory_iterator(kernels)) {
    const fs::path parts = family.path() / "parts";
    if (!fs::is_directory(parts)) continue;
    for (const auto& entry : fs::directory_iterator(parts))
      if (entry.is_regular_file() && entry.path().extension() == ".cuh")
        out.insert(fs::relative(entry.path(), root).generic_string());
  }
  return out;
}

// Removes the archived versions' kernel headers, then every part that nothing
// includes any more, repeating while a removal frees another: the tree keeps
// the parts the built versions use (the archived ones' are at their commit).
void prune_headers(const std::string& root, const std::set<std::string>& archived_headers) {
  for (bool removed = true; removed;) {
    removed = false;
    const std::set<std::string> included = included_paths(root);
    std::set<std::string> candidates = part_paths(root);
    candidates.insert(archived_headers.begin(), archived_headers.end());
    for (const auto& rel : candidates) {
      if (fs::exists(fs::path(root) / rel) && !included.count(rel)) {
        fs::remove(fs::path(root) / rel);
        spdlog::info("removed {} (nothing includes it)", rel);
        removed = true;
      }
    }
  }
}

}  // namespace

int cmd_archive(const Paths& paths, const std::vector<std::string>& ids) {
  const std::map<std::string, std::string> in_tree = experiment_module_paths(paths.root);
  const RecordIndex records = RecordIndex::load(paths.records_dir);
  ArchiveIndex archive = ArchiveIndex::load(paths.root);
  std::map<std::string, std::vector<ArchivedVersion>> by_family;
  for (const auto& a : archive.all()) by_family[a.family].push_back(a);

  std::vector<ArchivedVersion> fresh;  // everything is checked before anything is written
  for (const auto& id : ids) {
    if (archive.find(id)) throw std::runtime_error(id + " is archived already. Fix: leave it out");
    if (!in_tree.count(id))
      throw std::runtime_error("no module experiments/" + id + ".cu (nor a design module declaring " + id + ") in " +
                               paths.root + ". Fix: name a version as `fuselab list` prints it (family/vNNN_slug)");
    // A design module leaves the tree whole: every version it declares goes together.
    const std::string& module = in_tree.at(id);
    for (const auto& [other, other_module] : in_tree)
      if (other_module == module && std::find(ids.begin(), ids.end(), other) == ids.end())
        throw std::runtime_error(id + " is declared in " + module + " beside " + other +
                                 ". Fix: archive every version of that design together (name " + other +
                                 " too), or move " + id + "'s declaration into a module of its own first");
    const auto slash = id.find('/');
    ArchivedVersion a;
    a.family = id.substr(0, slash);
    a.version = id.substr(slash + 1);
    const Declaration d = declaration_of(id, records);
    a.parent = d.parent;
    a.hypothesis = d.hypothesis;
    a.prediction = d.prediction;
    a.limits = d.limits;
    a.last_commit = commit_holding(paths.root, id, module);
    a.verdicts = verdicts_of(id, records);
    fresh.push_back(std::move(a));
  }
  std::set<std::string> families;
  for (auto& a : fresh) {
    families.insert(a.family);
    by_family[a.family].push_back(a);
  }
  for (const auto& family : families) write_family_archive(paths.root, family, by_family[family]);
  std::set<std::string> headers;
  for (const auto& a : fresh) {
    const std::string& module = in_tree.at(a.id());
    if (fs::exists(fs::path(paths.root) / module)) fs::remove(fs::path(paths.root) / module);
    headers.insert(header_path(a.id()));
    spdlog::info("archived {} at {} (rerun: {})", a.id(), a.last_commit.substr(0, 12), a.rerun_command());
  }
  prune_headers(paths.root, headers);
  return exit_code::kOk;
}

}  // namespace fuselab::cli
