// The site `fuselab report --html DIR` writes (issue 39, point 3): a static
// site to browse the evidence offline from the file system, no server, no
// network. DIR/index.html (families and runs), DIR/family/<family>.html,
// DIR/version/<family>/<version>.html, DIR/run/<run-id>.html, the plots the
// report drew (DIR/plots/) and the page assets (site.css, site.js). Rendered
// from the report's family models and the records alone (and each version's
// current source file), so the same records and tree give the same bytes.
// docs/site.md describes it.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "harness/core/record_index.h"
#include "harness/core/report_model.h"
#include "harness/core/report_records.h"

namespace fuselab {

struct SiteInput {
  const std::vector<FamilyModel>* families = nullptr;
  const std::vector<RecordFile>* records = nullptr;  // every record, calibrations too
  const RecordIndex* index = nullptr;
  std::string source_root;                   // the tree whose kernel sources the version pages show
  std::map<std::string, std::string> plots;  // plot file name (no folder) -> its bytes
};

// Every file of the site: its path relative to the site's top -> its bytes.
std::map<std::string, std::string> render_site(const SiteInput& input);

struct SiteWriteResult {
  std::size_t written = 0, unchanged = 0, removed = 0;
};

// Throws when `dir` holds files but no index.html: a folder that is not a
// site is never written into. Called before anything is written.
void check_site_folder(const std::string& dir);

// Writes the files that changed under `dir` (created when missing) and
// removes the pages and plots of an earlier site that `files` no longer
// holds (check_site_folder first).
SiteWriteResult write_site(const std::string& dir, const std::map<std::string, std::string>& files);

}  // namespace fuselab
