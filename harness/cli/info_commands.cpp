// `fuselab list`, `show`, `env`, `refs verify`, and the startup validation.
#include <cstdio>
#include <iostream>
#include <map>
#include <set>

#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/core/archive_index.h"
#include "harness/core/cases_file.h"
#include "harness/core/provenance.h"
#include "harness/core/reference_case.h"
#include "harness/core/registry.h"
#include "harness/gpu/environment.h"

namespace fuselab::cli {

void validate_registry(const std::string& root) {
  if (list_families(root).empty())
    throw std::runtime_error(root + " holds no experiments/<family>/cases.yaml, so it is not a fuselab checkout. "
                             "Fix: point --root (or FUSELAB_ROOT) at the repository's top folder");
  std::set<std::string> known_outside = experiment_modules_in_tree(root);
  for (const auto& id : ArchiveIndex::load(root).ids()) known_outside.insert(id);
  Registry::global().validate(
      [&](const std::string& family) {
        std::vector<std::string> names;
        for (const auto& c : load_family_cases(root, family).cases) names.push_back(c.name);
        return names;
      },
      {}, known_outside);
}

int cmd_list(const std::string& root, bool with_archived) {
  std::map<std::string, std::string> lines;  // by id: built and archived versions in one order
  for (const auto& e : Registry::global().all()) {
    const char* tag = e.canary_value ? "  [canary]" : e.backend_value == Backend::Cpu ? "  [cpu]" : "";
    lines[e.id()] = fmt::format("{:<42} parent {:<32}{}", e.id(), e.parent_id.empty() ? "-" : e.parent_id, tag);
  }
  const ArchiveIndex archive = with_archived ? ArchiveIndex::load(root) : ArchiveIndex{};
  for (const auto& a : archive.all())
      lines[a.id()] = fmt::format("{:<42} parent {:<32}  [archived: {}]", a.id(), a.parent.empty() ? "-" : a.parent,
                                  a.rerun_command());
  for (const auto& [id, line] : lines) std::printf("%s\n", line.c_str());
  return exit_code::kOk;
}

namespace {

void show_archived(const ArchivedVersion& a) {
  std::cout << a.id() << "  [archived]\n  last held:  commit " << a.last_commit
            << "\n  rerun:      " << a.rerun_command()
            << "\n  parent:     " << (a.parent.empty() ? "-" : a.parent)
            << "\n  hypothesis: " << a.hypothesis << "\n  prediction: " << a.prediction
            << "\n  limits:     " << a.limits << "\n";
  for (const auto& v : a.verdicts) std::cout << "  verdict:    " << v.verdict << " (run " << v.run_id << ")\n";
}

}  // namespace

int cmd_show(const std::string& root, const std::string& id) {
  const ArchiveIndex archive = ArchiveIndex::load(root);
  if (!Registry::global().find(id))
    if (const ArchivedVersion* a = archive.resolve(id)) {
      show_archived(*a);
      return exit_code::kOk;
    }
  const auto hits = Registry::global().resolve(id);
  for (const Experiment* e : hits) {
    std::cout << e->id() << "\n  module:     " << e->source_file
              << "\n  parent:     " << (e->parent_id.empty() ? "-" : e->parent_id)
              << "\n  backend:    " << (e->backend_value == Backend::Cpu ? "cpu" : "cuda")
              << (e->canary_value ? " (canary: deliberately wrong)" : "")
              << "\n  hypothesis: " << e->hypothesis_text
              << "\n  prediction: " << e->prediction_value.describe()
              << "\n  limits:     " << describe_limits_of(*e) << "\n";
    for (const auto& k : e->kernel_refs) std::cout << "  kernel:     " << k.name << "\n";
  }
  return exit_code::kOk;
}

int cmd_env(bool with_ceilings) {
  nlohmann::json env = {{"git", git_state(repository_root())}, {"build", build_info()}};
  const std::string why = cuda_unavailable_reason();
  if (why.empty()) {
    env["gpu"] = to_json(read_gpu_environment());
    env["clocks"] = read_clock_state();
    if (with_ceilings) env["ceilings"] = to_json(measure_ceilings());
  } else {
    env["gpu"] = nullptr;
    env["gpu_unavailable"] = why;
  }
  std::cout << env.dump(2) << "\n";
  return exit_code::kOk;
}

int cmd_refs_verify(const Paths& paths, const std::vector<std::string>& families) {
  const auto names = families.empty() ? list_families(paths.root) : families;
  LoadOptions lo;
  lo.reference_root = paths.references;
  int bad = 0, good = 0;
  for (const auto& family : names) {
    for (const auto& c : load_family_cases(paths.root, family).cases) {
      try {
        const ReferenceCase ref = load_reference(c, lo);
        ++good;
        if (ref.manifest_match.empty())
          spdlog::info("{:<50} ok", c.id());
        else
          spdlog::warn("{:<50} ok by {}", c.id(), ref.manifest_match);
      } catch (const ReferenceError& e) {
        ++bad;
        spdlog::error("{}", e.what());
      }
    }
  }
  spdlog::info("{} reference files verified, {} refused", good, bad);
  return bad ? exit_code::kFailed : exit_code::kOk;
}

}  // namespace fuselab::cli
