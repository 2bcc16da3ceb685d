#include "harness/core/report.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>

#include "harness/core/evidence_debris.h"
#include "harness/core/log_entry.h"
#include "harness/core/log_front_page.h"
#include "harness/core/optimization_log.h"
#include "harness/core/record_index.h"
#include "harness/core/report_lineage.h"
#include "harness/core/report_log.h"
#include "harness/core/report_markdown.h"
#include "harness/core/report_model.h"
#include "harness/core/report_plots.h"
#include "harness/core/report_records.h"
#include "harness/core/run_record.h"
#include "harness/core/site.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string() + ". Fix: check its permissions");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string relative_link(const std::string& to, const std::string& from_dir) {
  return fs::relative(fs::absolute(to), fs::absolute(from_dir)).string();
}

// Holds flock(LOCK_EX) on a dated log file while it is read and replaced, so
// an append by `fuselab run` lands either before (and is kept) or after (on
// the new file: append_to_log checks the inode it locked).
class LogLock {
 public:
  explicit LogLock(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY);
    if (fd_ >= 0 && ::flock(fd_, LOCK_EX) != 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  ~LogLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  LogLock(const LogLock&) = delete;
  LogLock& operator=(const LogLock&) = delete;

 private:
  int fd_ = -1;
};

// A temporary folder removed on every exit path.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string templ = (fs::temp_directory_path() / "fuselab-report-XXXXXX").string();
    if (!::mkdtemp(templ.data()))
      throw std::runtime_error("cannot create a temporary folder under " +
                               fs::temp_directory_path().string() + ". Fix: set TMPDIR");
    path = templ;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// Whether the code behind a version's shown verdict is the code built now.
std::string source_state(const ReportExperiment& v, const ReportOptions& o) {
  if (!v.archived_at.empty()) return "archived at " + v.archived_at.substr(0, 12);
  const nlohmann::json* e = v.verdict_entry ? v.verdict_entry : v.declaration;
  return e ? o.built_code.state_of(v.id, *e).describe() : "no closure on record";
}

// What a kept dated file that differs from what the records and notes give
// is said to lack.
std::string log_file_repair(const std::string& path, const std::string& kept, const std::vector<RecordFile>& records) {
  std::set<std::string> logged;
  for (const auto& id : logged_run_ids(kept)) logged.insert(id);
  const std::string day = fs::path(path).stem().string();
  std::string missing;
  for (const auto& r : records)
    if (log_day(r.run_id) == day && !logged.count(r.run_id)) missing += " " + r.run_id;
  return path + (missing.empty() ? " held its entries otherwise than the records and notes give them (half an "
                                   "entry, an entry after a later note, or an edit)"
                                 : " had no entry for run record(s)" + missing) +
         ": rewrote it from the records and notes, as --rebuild-log does";
}

// Whether a kept dated file holds the same runs as the one rendered, each
// once, only appended in another order.
bool only_out_of_order(const std::string& kept, const std::string& rendered) {
  const std::vector<std::string> a = logged_run_ids(kept), b = logged_run_ids(rendered);
  return a != b && std::is_permutation(a.begin(), a.end(), b.begin(), b.end());
}

// The dated files (<YYYY-MM-DD>.md) in `entries_dir` that no record or note gives any more.
std::vector<std::string> stale_log_files(const std::string& entries_dir,
                                         const std::map<std::string, std::string>& day_files) {
  std::vector<std::string> stale;
  if (!fs::is_directory(entries_dir)) return stale;
  for (const auto& entry : fs::directory_iterator(entries_dir)) {
    const std::string name = entry.path().filename().string();
    const bool dated = name.size() == 13 && name.compare(10, 3, ".md") == 0 && name[4] == '-' && name[7] == '-';
    if (dated && !day_files.count(entry.path().string())) stale.push_back(entry.path().string());
  }
  std::sort(stale.begin(), stale.end());
  return stale;
}

}  // namespace

ReportResult generate_report(const ReportOptions& o) {
  ReportResult result;
  // 0. What a killed `fuselab run` or report left behind.
  result.repairs = remove_evidence_debris(
      o.records_dir, {o.reports_dir, (fs::path(o.reports_dir) / "plots").string(),
                      fs::path(fs::absolute(o.log)).parent_path().string(), log_entries_dir(o.log)});
  // 1. Read and check every record; nothing is rendered from a bad one.
  const std::vector<RecordFile> records = load_run_records(o.records_dir);
  const RecordIndex index = RecordIndex::load(o.records_dir);
  std::vector<FamilyModel> families = build_family_models(index, o.case_order);
  for (auto& f : families)
    for (auto& v : f.versions) {
      if (const auto a = o.archived.find(v.id); a != o.archived.end()) v.archived_at = a->second;
      v.source_state = source_state(v, o);
    }

  // 2. Render everything in memory: path -> bytes.
  std::map<std::string, std::string> outputs;
  const std::string runs_link = relative_link(o.records_dir, o.reports_dir);
  const std::string notes_dir = (fs::path(o.reports_dir) / "notes").string();
  const std::vector<LogNote> notes = load_log_notes(notes_dir);
  for (const auto& f : families) {
    const auto targets = o.targets.find(f.family);
    outputs[(fs::path(o.reports_dir) / (f.family + ".md")).string()] = render_family_report(
        f, runs_link, plot_files(f), targets == o.targets.end() ? std::vector<Target>{} : targets->second,
        notes_about(notes, f.family), relative_link(notes_dir, o.reports_dir),
        f.versions.empty() ? std::string() : lineage_file(f));
  }
  outputs[(fs::path(o.reports_dir) / "README.md").string()] =
      render_reports_index(families, records, runs_link);
  if (!o.readme.empty() && fs::is_regular_file(o.readme)) {
    const std::string text = slurp(o.readme);
    const std::size_t begin = text.find(kReadmeAnswerBegin), end = text.find(kReadmeAnswerEnd);
    if (begin != std::string::npos && end != std::string::npos && begin < end) {
      const std::size_t from = begin + std::string(kReadmeAnswerBegin).size();
      outputs[o.readme] = text.substr(0, from) + "\n" +
                          render_readme_answer(families, relative_link(o.reports_dir, fs::path(fs::absolute(o.readme)).parent_path().string())) +
                          text.substr(end);
    }
  }

  std::set<std::string> plot_names;
  if (o.plots) {
    const std::string python = find_plot_python();
    const std::string dot = find_dot();
    TempDir staging;
    const nlohmann::json data = plot_data(families);
    write_file_atomically(staging.path.string(), "plot-data.json", data.dump(1) + "\n");
    run_plot_script(python, o.plot_script, (staging.path / "plot-data.json").string(),
                    (staging.path / "plots").string());
    for (const auto& f : data["families"])
      for (const auto& [kind, name] : f["files"].items()) {
        const fs::path drawn = staging.path / "plots" / name.get<std::string>();
        if (!fs::exists(drawn))
          throw std::runtime_error(o.plot_script + " did not write " + name.get<std::string>() +
                                   ". Fix: check the script against its input format "
                                   "(harness/core/report_plots.h)");
        plot_names.insert(name.get<std::string>());
        outputs[(fs::path(o.reports_dir) / "plots" / name.get<std::string>()).string()] =
            slurp(drawn);
      }
    // The lineage pictures, drawn by Graphviz from the DOT made here.
    for (const auto& f : families) {
      if (f.versions.empty()) continue;
      const std::string file = lineage_file(f);
      plot_names.insert(fs::path(file).filename().string());
      outputs[(fs::path(o.reports_dir) / file).string()] =
          draw_lineage_svg(dot, lineage_dot(f), staging.path.string());
    }
  }

  // The site, with the plots as drawn now or as the plots folder holds them.
  std::map<std::string, std::string> site_files;
  if (!o.html_dir.empty()) {
    check_site_folder(o.html_dir);
    SiteInput site{&families, &records, &index, o.source_root, {}};
    for (const auto& f : families) {
      std::vector<std::string> files = plot_files(f);
      if (!f.versions.empty()) files.push_back(lineage_file(f));
      for (const auto& file : files) {
        const std::string path = (fs::path(o.reports_dir) / file).string();
        const std::string name = fs::path(file).filename().string();
        if (outputs.count(path)) site.plots[name] = outputs[path];
        else if (!o.plots && fs::is_regular_file(path)) site.plots[name] = slurp(path);
      }
    }
    site_files = render_site(site);
  }

  // The notebook: every dated file is rendered from the records and notes,
  // byte for byte as `fuselab run` appends it, so all of it is known. A kept
  // file that differs lacks an entry (a run killed between its record and its
  // entry) or holds half of one: it is rewritten, and the report says so.
  const std::string entries_dir = log_entries_dir(o.log);
  const std::vector<LogDay> days = log_days(records, notes);
  const std::map<std::string, std::string> day_files = render_log_files(days, o.records_dir, notes_dir, o.log);
  std::vector<std::unique_ptr<LogLock>> locks;  // appends wait until the files are replaced
  for (const auto& [path, text] : day_files) {
    locks.push_back(std::make_unique<LogLock>(path));
    if (!o.rebuild_log && fs::exists(path)) {
      const std::string kept = slurp(path);
      if (kept != text) {
        if (only_out_of_order(kept, text))
          result.reordered.push_back(path);
        else
          result.repairs.push_back(log_file_repair(path, kept, records));
      }
    }
    outputs[path] = text;
  }
  const std::string front_dir = fs::path(fs::absolute(o.log)).parent_path().string();
  const std::string summary = render_log_summary(families, records, relative_link(o.reports_dir, front_dir),
                                                 o.targets, notes, relative_link(notes_dir, front_dir));
  outputs[o.log] = render_front_page(summary, days, relative_link(entries_dir, front_dir),
                                     relative_link(notes_dir, front_dir));

  // 3. Write what changed; the log last.
  auto write = [&](const std::string& path, const std::string& text) {
    (write_file_if_changed(path, text) ? result.written : result.unchanged).push_back(path);
  };
  for (const auto& [path, text] : outputs)
    if (path != o.log) write(path, text);
  write(o.log, outputs[o.log]);
  for (const auto& stale : stale_log_files(entries_dir, day_files)) {
    fs::remove(stale);
    result.removed.push_back(stale);
  }
  if (!o.html_dir.empty()) result.site = write_site(o.html_dir, site_files);
  if (o.plots) {
    const fs::path plots_dir = fs::path(o.reports_dir) / "plots";
    std::vector<fs::path> stale;
    if (fs::is_directory(plots_dir))
      for (const auto& entry : fs::directory_iterator(plots_dir))
        if (entry.path().extension() == ".svg" && !plot_names.count(entry.path().filename().string()))
          stale.push_back(entry.path());
    for (const auto& p : stale) {
      fs::remove(p);
      result.removed.push_back(p.string());
    }
  }
  return result;
}

}  // namespace fuselab
