#include "harness/core/site.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>

#include "harness/core/run_record.h"
#include "harness/core/sha256.h"
#include "harness/core/site_assets.h"
#include "harness/core/site_pages.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using site::VersionEntry;
using site::VersionSource;

using FamilyAndId = std::pair<std::string, std::string>;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The version's current files (its module and its kernel header, where the
// tree holds them under its name) and how they stand against the
// source_sha256 of its newest record.
VersionSource version_source(const std::string& root, const FamilyModel& f, const ReportExperiment& v) {
  VersionSource out;
  const std::string name = site::path_part(f.family) + "/" + site::path_part(v.label);
  const std::vector<std::string> candidates = {"experiments/" + name + ".cu", "kernels/" + name + ".cuh"};
  Sha256 hash;
  for (const auto& rel : candidates) {
    if (root.empty() || !fs::is_regular_file(fs::path(root) / rel)) continue;
    out.files.push_back({rel, read_text(fs::path(root) / rel)});
    hash.update(out.files.back().second.data(), out.files.back().second.size());
  }
  const std::string recorded = report_text::str(v.declaration, "source_sha256");
  const std::string no_text = "The records hold no source text, only its sha256";
  if (out.files.empty()) {
    out.note = no_text + "; the tree holds no " + candidates[0] + " nor " + candidates[1] +
               (v.archived_at.empty() ? " (its module may be a shared design under experiments/designs/)."
                                      : ": it is archived, `git show " + v.archived_at.substr(0, 12) + ":" +
                                            candidates[0] + "` shows its last source.");
    return out;
  }
  const std::string current = hash.hex_digest();
  out.note = no_text + ". Shown: the current file(s) of the tree; " +
             (recorded.empty()       ? "its newest record holds no source hash to compare them with."
              : current == recorded ? "they are the source its newest record ran (sha256 " + current.substr(0, 12) +
                                          " matches)."
                                    : "their sha256 " + current.substr(0, 12) + " is not its newest record's " +
                                          recorded.substr(0, 12) +
                                          ": the source changed since, or its module is a shared design under "
                                          "experiments/designs/.");
  return out;
}

}  // namespace

std::map<std::string, std::string> render_site(const SiteInput& in) {
  std::map<std::string, std::string> files;
  files["site.css"] = site::site_css();
  files["site.js"] = site::site_js();
  std::set<std::string> plots;
  for (const auto& [name, bytes] : in.plots) {
    files["plots/" + site::path_part(name)] = bytes;
    plots.insert(name);
  }
  files["index.html"] = site::index_page(*in.families, *in.records);

  std::map<FamilyAndId, std::vector<CaseResult>> results;
  for (CaseResult& r : in.index->all_results()) results[{r.family, r.experiment_id}].push_back(std::move(r));
  std::map<FamilyAndId, std::vector<VersionEntry>> entries;
  for (const LoadedRecord& r : in.index->records())
    for (const nlohmann::json& e : (*r.json)["experiments"]) {
      const std::string id = e.value("id", std::string());
      entries[{e.value("family", id.substr(0, id.find('/'))), id}].push_back({r.run_id, &e});
    }

  std::set<std::string> version_pages;
  for (const FamilyModel& f : *in.families) {
    files[site::family_href(f.family)] = site::family_page(f, plots);
    for (const ReportExperiment& v : f.versions) {
      version_pages.insert(v.id);
      files[site::version_href(v.id)] =
          site::version_page(f, v, results[{f.family, v.id}], entries[{f.family, v.id}],
                             version_source(in.source_root, f, v));
    }
  }
  for (const RecordFile& r : *in.records) files[site::run_href(r.run_id)] = site::run_page(r, version_pages);
  return files;
}

void check_site_folder(const std::string& dir) {
  if (fs::is_directory(dir) && !fs::is_empty(dir) && !fs::exists(fs::path(dir) / "index.html"))
    throw std::runtime_error("--html " + dir +
                             " holds files but no index.html: it is not a site `fuselab report --html` wrote, and "
                             "nothing is written into it. Fix: name a new or empty folder, e.g. build/site");
}

SiteWriteResult write_site(const std::string& dir, const std::map<std::string, std::string>& files) {
  check_site_folder(dir);
  SiteWriteResult result;
  for (const auto& [rel, bytes] : files) {
    const fs::path p = fs::path(dir) / rel;
    if (fs::exists(p) && read_text(p) == bytes) {
      ++result.unchanged;
      continue;
    }
    fs::create_directories(p.parent_path());
    write_file_atomically(p.parent_path().string(), p.filename().string(), bytes);
    ++result.written;
  }
  // Pages and plots of an earlier site that these records no longer give.
  std::vector<fs::path> stale;
  for (const char* sub : {"family", "version", "run", "plots"}) {
    const fs::path folder = fs::path(dir) / sub;
    if (!fs::is_directory(folder)) continue;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
      const std::string ext = e.path().extension().string();
      const std::string rel = fs::relative(e.path(), dir).generic_string();
      if (e.is_regular_file() && (ext == ".html" || ext == ".svg") && !files.count(rel)) stale.push_back(e.path());
    }
  }
  for (const auto& p : stale) {
    fs::remove(p);
    ++result.removed;
  }
  return result;
}

}  // namespace fuselab
