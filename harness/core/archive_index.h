// The archive index: versions that left the default build. Each family's
// experiments/<family>/archived.yaml lists, per archived version, what it
// claimed (parent, hypothesis, prediction, limits), the verdicts its run
// records gave, and the last commit that held its source, from which
// `fuselab run ID --at COMMIT` rebuilds and reruns it. Format: docs/archive.md.
//
//   ArchiveIndex archive = ArchiveIndex::load(root);
//   if (const ArchivedVersion* a = archive.find("attention/v023_wgmma_both_row_loads")) ...
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace fuselab {

struct ArchivedVerdict {
  std::string run_id;
  std::string verdict;  // CONFIRMED, REFUTED, INCONCLUSIVE, INVALID
};

struct ArchivedVersion {
  std::string family;
  std::string version;      // vNNN_slug
  std::string parent;       // family/vNNN_slug, empty for a baseline
  std::string hypothesis;
  std::string prediction;   // the prediction as `fuselab show` words it
  std::string limits;
  std::string last_commit;  // full sha of the last commit that held experiments/<family>/<version>.cu
  std::vector<ArchivedVerdict> verdicts;  // oldest run first; runs that only timed it are left out

  std::string id() const { return family + "/" + version; }
  std::string rerun_command() const;  // "fuselab run <id> --at <commit>"
};

class ArchiveIndex {
 public:
  // Reads every experiments/<family>/archived.yaml under `root`; no file is
  // an empty archive. Throws std::runtime_error naming the file, the entry
  // and the fix on a malformed file, a duplicate id or a missing field.
  static ArchiveIndex load(const std::string& root);

  const std::vector<ArchivedVersion>& all() const { return versions_; }
  const ArchivedVersion* find(const std::string& id) const;
  // family/vNNN_slug or family/vN (as the registry accepts); nullptr when
  // no archived version matches.
  const ArchivedVersion* resolve(const std::string& pattern) const;
  std::set<std::string> ids() const;

 private:
  std::vector<ArchivedVersion> versions_;
};

// experiments/<family>/archived.yaml of `root` with these entries (sorted by
// version), written atomically (temp file + rename).
void write_family_archive(const std::string& root, const std::string& family,
                          std::vector<ArchivedVersion> entries);

// The versions whose modules are present under <root>/experiments, built or
// not, each with its module's repository-relative path:
// experiments/<family>/vNNN_slug.cu, or a design module
// experiments/designs/<design>.cu for every FUSELAB_EXPERIMENT(family, vNNN_slug)
// it holds.
std::map<std::string, std::string> experiment_module_paths(const std::string& root);
// The ids of experiment_module_paths.
std::set<std::string> experiment_modules_in_tree(const std::string& root);

}  // namespace fuselab
