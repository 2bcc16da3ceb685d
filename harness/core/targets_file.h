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

// A measured floor (experiments/floors.yaml, optional): the least a launch of
// a case's shape took under the cold timer for what any version must do
// there, as a probe timed it. A target below its case's floor cannot be met
// by any version of that kind.
struct Floor {
  std::string shape;   // as the records write it (CaseSpec::shape_text), e.g. 1x4x64x8192
  double us = 0;       // the probe's cold median
  std::string what;    // what the probe's launch does
  std::string source;  // the probe, the call and the note that measured it
};

// Every floor, in file order; none where the file does not exist. Throws
// std::runtime_error naming the file and line, what is wrong and the fix.
std::vector<Floor> load_floors(const std::string& root);

struct Target {
  std::string case_name;
  std::optional<double> max_us;             // the cold median at most this
  std::optional<double> min_copy_fraction;  // at least this fraction (0..1] of the copy ceiling
  std::string source;                       // where the bound comes from ("issue 4"), may be empty
  std::vector<Floor> floors;                // the measured floors of its case's shape
};

// The family's targets, in file order; none where the file does not exist.
// Throws std::runtime_error naming the file and line, what is wrong and the
// fix: malformed YAML, an unknown key, a case the family's cases.yaml does not
// time (use: benchmarks), an entry without exactly one bound. Each target
// carries the floors (load_floors) of its case's shape.
std::vector<Target> load_family_targets(const std::string& root, const std::string& family);

// Every family's (those with a cases.yaml), by family name.
std::map<std::string, std::vector<Target>> load_all_targets(const std::string& root);

}  // namespace fuselab
