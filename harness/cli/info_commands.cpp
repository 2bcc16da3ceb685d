// `fuselab list`, `show`, `env`, `refs verify`, and the startup validation.
#include <cstdio>
#include <iostream>

#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/cases_file.h"
#include "harness/core/provenance.h"
#include "harness/core/reference_case.h"
#include "harness/core/registry.h"
#include "harness/gpu/environment.h"

namespace fuselab::cli {

void validate_registry(const std::string& root) {
  Registry::global().validate(
      [&](const std::string& family) {
        std::vector<std::string> names;
        for (const auto& c : load_family_cases(root, family).cases) names.push_back(c.name);
        return names;
      },
      {}, FUSELAB_SUBSET_BUILD != 0);
}

int cmd_list() {
  for (const auto& e : Registry::global().all()) {
    const char* tag = e.canary_value ? "  [canary]" : e.backend_value == Backend::Cpu ? "  [cpu]" : "";
    std::printf("%-42s parent %-32s%s\n", e.id().c_str(),
                e.parent_id.empty() ? "-" : e.parent_id.c_str(), tag);
  }
  return exit_code::kOk;
}

int cmd_show(const std::string& id) {
  const auto hits = Registry::global().resolve(id);
  for (const Experiment* e : hits) {
    std::cout << e->id() << "\n  module:     " << e->source_file
              << "\n  parent:     " << (e->parent_id.empty() ? "-" : e->parent_id)
              << "\n  backend:    " << (e->backend_value == Backend::Cpu ? "cpu" : "cuda")
              << (e->canary_value ? " (canary: deliberately wrong)" : "")
              << "\n  hypothesis: " << e->hypothesis_text
              << "\n  prediction: " << e->prediction_value.describe()
              << "\n  limits:     " << e->limits_value.describe() << "\n";
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
        load_reference(c, lo);
        ++good;
        spdlog::info("{:<50} ok", c.id());
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
