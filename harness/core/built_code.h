// Whether a recorded result is on the code this build holds.
//
// A result is current when its record carries the version's include closure
// as built now (closure_hashes.h). It also counts when the source changed but
// compiled to the same SASS: the record's device code (device_code.h: the
// sha256 of every declared kernel's .text, and the arch) equals that of a
// witness, a record made on the source built now whose every case that ran
// passed its check. A witness may come from another GPU of the same
// architecture (the device code names it): the SASS is the same bytes there,
// and its passing checks cover the host code that launches the kernels, which
// the SASS does not show. So a refactor of shared parts keeps the timed
// verdicts of every version whose kernels it leaves alone, without retiming,
// and the evidence for each is two records anyone can compare.
// docs/provenance.md ("Same SASS") says what this does not cover.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/record_index.h"

namespace fuselab {

struct CodeState {
  enum Kind {
    kCurrent,       // the record's closure is the build's
    kSameSass,      // another closure, the same SASS as `witness_run` on the build's
    kChangedSince,  // another closure, and no witness of the same SASS
    kNoClosure,     // a record older than closure hashes
    kNotBuilt,      // the build does not hold the version
  };
  Kind kind = kNotBuilt;
  std::string witness_run;  // with kSameSass

  bool counts() const { return kind == kCurrent || kind == kSameSass; }
  // "current", "current: same SASS as RUN", "changed since", ...
  std::string describe() const;
};

class BuiltCode {
 public:
  // The build's include closure of the version `id`.
  void add_closure(const std::string& id, const std::string& sha256);
  // Takes the witnesses in `index` (records of any GPU) for the closures
  // added so far.
  void add_witnesses(const RecordIndex& index);

  bool holds(const std::string& id) const { return closures_.count(id) > 0; }
  // The state of `entry`, a record's experiment entry for `id`.
  CodeState state_of(const std::string& id, const nlohmann::json& entry) const;

 private:
  struct Witness {
    std::string run_id;
    nlohmann::json device_code;
  };
  std::map<std::string, std::string> closures_;              // id -> sha256
  std::map<std::string, std::vector<Witness>> witnesses_;     // id -> oldest first
};

// A record entry's closure sha256; empty when it has none.
std::string recorded_closure_of(const nlohmann::json& entry);

// Loads the witnesses that a report or export of `root` accepts: the records
// of reports/runs and of every folder under reports/runs-other-gpus/.
void add_repository_witnesses(BuiltCode& code, const std::string& root, const std::string& records_dir);

}  // namespace fuselab
