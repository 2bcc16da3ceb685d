#include "harness/core/registry.h"

#include <fnmatch.h>

#include <algorithm>
#include <regex>
#include <set>
#include <stdexcept>

#include "harness/core/limits_vocabulary.h"
#include "harness/core/op_registry.h"

namespace fuselab {
namespace {

std::string basename_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string parent_folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return "";
  return basename_of(path.substr(0, slash));
}

// A hypothesis is prose; a module writes it as a raw string over indented
// lines. It is kept as one paragraph: every line is trimmed, empty lines are
// dropped and the rest are joined by single spaces. Text on one line is kept
// as written.
std::string as_one_paragraph(const std::string& prose) {
  if (prose.find('\n') == std::string::npos) return prose;
  std::string paragraph;
  std::size_t start = 0;
  while (start <= prose.size()) {
    const std::size_t end = std::min(prose.find('\n', start), prose.size());
    const std::string line = prose.substr(start, end - start);
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string::npos) {
      const auto last = line.find_last_not_of(" \t");
      if (!paragraph.empty()) paragraph += ' ';
      paragraph += line.substr(first, last - first + 1);
    }
    start = end + 1;
  }
  return paragraph;
}

[[noreturn]] void refuse(const Experiment& e, const std::string& what, const std::string& fix) {
  throw std::runtime_error("experiment " + e.id() + " (" + e.source_file + "): " + what +
                           ". Fix: " + fix + ".");
}

}  // namespace

Registry& Registry::global() {
  static Registry registry;
  return registry;
}

void Registry::add(Experiment e) {
  e.hypothesis_text = as_one_paragraph(e.hypothesis_text);
  experiments_.push_back(std::move(e));
}

detail::Registrar::Registrar(const char* family, const char* version, const char* file,
                             Experiment (*make)()) {
  Experiment e = make();
  e.family = family;
  e.version = version;
  e.source_file = file;
  Registry::global().add(std::move(e));
}

void Registry::validate(
    const std::function<std::vector<std::string>(const std::string&)>& cases_of,
    const std::vector<std::string>& peer_ids, const std::set<std::string>& known_outside) const {
  static const std::regex version_pattern("v[0-9]{3}_[a-z0-9_]+");
  std::set<std::string> ids;
  for (const auto& e : experiments_) {
    if (!ids.insert(e.id()).second)
      refuse(e, "duplicate id", "give each module its own three-digit version");
  }
  for (const auto& e : experiments_) {
    if (!std::regex_match(e.version, version_pattern))
      refuse(e, "version '" + e.version + "' is not vNNN_slug",
             "name it three digits and a lower-case slug, e.g. v003_split_head_dim");
    const std::string expected_file = e.version + ".cu";
    const bool in_design = parent_folder_of(e.source_file) == "designs";
    if (!in_design && (basename_of(e.source_file) != expected_file || parent_folder_of(e.source_file) != e.family))
      refuse(e, "declared in " + e.source_file + ", expected experiments/" + e.family + "/" +
                    expected_file + " (or a design module, experiments/designs/<design>.cu)",
             "rename the file or the FUSELAB_EXPERIMENT arguments so they agree");
    if (in_design) {
      for (const auto& other : experiments_)
        if (&other != &e && other.source_file == e.source_file && other.family == e.family)
          refuse(e, "its design module also declares " + other.id() + " in the same family",
                 "a design declares one version per family (its PE kinds); give the other design its own module");
    }
    if (e.hypothesis_text.find_first_not_of(" \t\n") == std::string::npos)
      refuse(e, "empty hypothesis", "state the mechanism and why it should win, in .hypothesis()");
    if (e.parent_id.empty() && e.version.rfind("v000_", 0) != 0)
      refuse(e, "no parent", "name the version this one derives from in .parent()");
    if (!e.parent_id.empty() && !ids.count(e.parent_id) && !known_outside.count(e.parent_id))
      refuse(e, "unknown parent '" + e.parent_id + "'", "name an existing or archived experiment id");
    if (!launch_binding_of(e).bind)
      refuse(e, "no launch binding", "bind the kernel's launch() with .launch()");
    if (e.limits_value.pe.empty())
      refuse(e, "limits name no PE kind", "list the PE kinds it implements in .limits()");
    const std::string limit_problem = unknown_limit(e);
    if (!limit_problem.empty())
      refuse(e, limit_problem, "remove it from .limits(), or add it to the op's limits (docs/ops.md)");

    const Prediction& p = e.prediction_value;
    if (p.kind == Prediction::Kind::None && !e.canary_value && e.backend_value == Backend::Cuda)
      refuse(e, "no prediction", "declare a falsifiable prediction with .prediction()");
    if (p.has_baseline()) {
      const bool known = ids.count(p.baseline) || known_outside.count(p.baseline) ||
                         std::find(peer_ids.begin(), peer_ids.end(), p.baseline) != peer_ids.end();
      if (!known)
        refuse(e, "prediction names unknown version '" + p.baseline + "'",
               "name an existing or archived experiment, or a peer id");
      if (!(p.factor > 0))
        refuse(e, "prediction factor must be positive", "write e.g. faster_than(id, 1.5) or slower_than(id, 1.3)");
    }
    if (p.kind == Prediction::Kind::AtMostMicros && p.cases.empty())
      refuse(e, "an absolute-time prediction names no case", "list the cases it is about");
    if (!p.cases.empty()) {
      std::vector<std::string> known_cases;
      try {
        known_cases = cases_of(e.family);
      } catch (const std::runtime_error&) {
        continue;  // a broken cases.yaml is refused by the commands that read it, not by every command
      }
      for (const auto& c : p.cases)
        if (std::find(known_cases.begin(), known_cases.end(), c) == known_cases.end())
          refuse(e, "prediction names unknown case '" + c + "'",
                 "use a case name from experiments/" + e.family + "/cases.yaml");
    }
  }
}

const Experiment* Registry::find(const std::string& id) const {
  for (const auto& e : experiments_)
    if (e.id() == id) return &e;
  return nullptr;
}

std::vector<const Experiment*> Registry::resolve(const std::string& pattern) const {
  std::vector<const Experiment*> out;
  static const std::regex short_form("([a-z0-9_]+)/v([0-9]+)");
  std::smatch m;
  for (const auto& e : experiments_) {
    bool hit = e.id() == pattern || e.family == pattern ||
               fnmatch(pattern.c_str(), e.id().c_str(), 0) == 0;
    if (!hit && std::regex_match(pattern, m, short_form))
      hit = e.family == m[1].str() && std::stoi(e.version.substr(1, 3)) == std::stoi(m[2].str());
    if (hit) out.push_back(&e);
  }
  std::sort(out.begin(), out.end(),
            [](const Experiment* a, const Experiment* b) { return a->id() < b->id(); });
  if (out.empty()) {
    // Name a few ids of the same family, not every id built.
    const std::string family = pattern.substr(0, pattern.find('/'));
    std::string near;
    int named = 0;
    for (const auto& e : experiments_)
      if (e.family == family && named++ < 5) near += (near.empty() ? "" : ", ") + e.id();
    throw std::runtime_error("unknown experiment '" + pattern + "'. Fix: use an id from `fuselab list` (" +
                             (near.empty() ? "families: `fuselab cases`" : "e.g. " + near) +
                             "; an archived one: `fuselab list --all`)");
  }
  return out;
}

}  // namespace fuselab
