// experiments/<family>/targets.yaml (optional): a family's numeric done
// criteria, each a bound on one timed case, which `fuselab report` shows
// against the family's versions (reports/<family>.md, "Targets"). The format
// is docs/reference-format.md, "Targets".
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fuselab {

struct Target {
  std::string case_name;
  std::optional<double> max_us;             // the cold median at most this
  std::optional<double> min_copy_fraction;  // at least this fraction (0..1] of the copy ceiling
  std::string source;                       // where the bound comes from ("issue 4"), may be empty
};

// The family's targets, in file order; none where the file does not exist.
// Throws std::runtime_error naming the file and line, what is wrong and the
// fix: malformed YAML, an unknown key, a case the family's cases.yaml does not
// time (use: benchmarks), an entry without exactly one bound.
std::vector<Target> load_family_targets(const std::string& root, const std::string& family);

// Every family's (those with a cases.yaml), by family name.
std::map<std::string, std::vector<Target>> load_all_targets(const std::string& root);

}  // namespace fuselab
