// experiments/<family>/cases.yaml, parsed and validated (yaml-cpp).
// The format is docs/reference-format.md.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "harness/core/experiment.h"

namespace fuselab {

enum class Storage { Full, Sampled };

struct CaseSpec {
  std::string family;
  std::string name;
  std::string op;  // the op's name (op_registry.h)
  PeKind pe{};  // none (harness/ops/common/pe_kind.h names the kinds)
  std::map<std::string, int64_t> dims;  // shape: {...} as written
  // The built-in ops' parameters, filled by their declarations (harness/ops/).
  int64_t B = 0, Hq = 0, Hkv = 0, Sq = 0, Sk = 0;
  int64_t q_offset = 0, k_offset = 0;
  int64_t N = 0, S = 0, offset = 0;
  int64_t D = 0;  // the output's row width (its last extent)
  // Any op's own parameters by name, beside the built-in fields above:
  // its read_parameters fills them (e.g. a norm's epsilon, a position bound).
  std::map<std::string, double> reals;
  std::map<std::string, int64_t> integers;
  bool causal = false;
  double base = 10000.0;
  double scale = 0.0;  // resolved: 1/sqrt(D) when the file says null
  int64_t seed = 0;
  bool for_tests = false;
  bool for_benchmarks = false;
  bool fixture = false;
  Storage storage = Storage::Full;
  int64_t sample_rows = 0;

  std::string id() const { return family + "/" + name; }
  // reference_data/-relative path: "<family>/<name>.h5" or "fixtures/<family>/<name>.h5".
  std::string reference_path() const;
  int64_t out_rows() const;  // the output's extents but the last, multiplied
  std::string shape_text() const;  // the op's short form: "1x8kv2x16k1024x128"
};


struct CasesFile {
  std::string family;
  std::string op;
  std::string path;
  std::vector<CaseSpec> cases;
  const CaseSpec* find(const std::string& name) const;
};

// Throws std::runtime_error naming the file (and line where yaml-cpp gives
// one), what is wrong, and how to fix it.
CasesFile load_cases_file(const std::string& path);

// <root>/experiments/<family>/cases.yaml
CasesFile load_family_cases(const std::string& root, const std::string& family);
// Families with a cases.yaml under <root>/experiments, sorted.
std::vector<std::string> list_families(const std::string& root);
// Every family's case names, family by family, each in its cases.yaml order:
// the order in which `fuselab compare` rows and `fuselab report` columns run.
std::vector<std::string> case_names_in_order(const std::string& root);

}  // namespace fuselab
