// `fuselab cases [FAMILY...] [--json]`: every case of cases.yaml with its
// minimal traffic (bytes, FLOPs) from the one traffic model, so tools outside
// the binary (harness/peers/torch_peers.py) never re-derive the formula.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/cases_file.h"
#include "harness/core/op_registry.h"
#include "harness/core/traffic_model.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab::cli {
namespace {

nlohmann::json case_json(const CaseSpec& c) {
  const Traffic t = minimal_traffic(c);
  nlohmann::json uses = nlohmann::json::array();
  if (c.for_tests) uses.push_back("tests");
  if (c.for_benchmarks) uses.push_back("benchmarks");
  nlohmann::json j = {{"id", c.id()},
                      {"family", c.family},
                      {"name", c.name},
                      {"op", c.op},
                      {"shape", c.shape_text()},
                      {"pe", pe_name(c.pe)},
                      {"uses", uses},
                      {"D", c.D},
                      {"base", c.base},
                      {"seed", c.seed},
                      {"fixture", c.fixture},
                      {"storage", c.storage == Storage::Sampled ? "sampled" : "full"},
                      {"sample_rows", c.sample_rows},
                      {"reference", c.reference_path()},
                      {"bytes", t.bytes},
                      {"flops", t.flops}};
  j.update(op_named(c.op).parameters(c));
  nlohmann::json shapes = nlohmann::json::object();  // every tensor's extents, as the op declares them
  for (const auto& tensor : op_named(c.op).tensors) shapes[tensor.name] = tensor.shape(c);
  j["tensors"] = shapes;
  return j;
}

}  // namespace

int cmd_cases(const Paths& paths, const std::vector<std::string>& families, bool as_json) {
  const auto names = families.empty() ? list_families(paths.root) : families;
  nlohmann::json all = nlohmann::json::array();
  for (const auto& family : names)
    for (const auto& c : load_family_cases(paths.root, family).cases) all.push_back(case_json(c));
  if (as_json) {
    std::cout << all.dump(2) << "\n";
    return exit_code::kOk;
  }
  std::printf("%-46s %-18s %-16s %-17s %12s %14s\n", "case", "shape", "pe", "uses", "bytes",
              "flops");
  for (const auto& c : all) {
    std::string uses;
    for (const auto& u : c["uses"]) uses += (uses.empty() ? "" : ",") + u.get<std::string>();
    std::printf("%-46s %-18s %-16s %-17s %12.0f %14.0f\n", c["id"].get<std::string>().c_str(),
                c["shape"].get<std::string>().c_str(), c["pe"].get<std::string>().c_str(),
                uses.c_str(), c["bytes"].get<double>(), c["flops"].get<double>());
  }
  return exit_code::kOk;
}

}  // namespace fuselab::cli
