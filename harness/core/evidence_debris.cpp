#include "harness/core/evidence_debris.h"

#include <signal.h>

#include <cerrno>
#include <filesystem>
#include <regex>
#include <set>

#include "harness/core/record_format.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;

bool process_alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

void remove_stale_temps(const fs::path& dir, std::vector<std::string>& removed) {
  static const std::regex temp_name(R"(\..+\.tmp\.([0-9]+))");
  std::smatch m;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || !std::regex_match(name, m, temp_name)) continue;
    if (process_alive(std::stol(m[1].str()))) continue;  // a writer at work
    fs::remove(entry.path());
    removed.push_back(entry.path().string() + ": a temp file its writer (process " + m[1].str() +
                      ", gone) never renamed; removed");
  }
}

}  // namespace

std::vector<std::string> remove_evidence_debris(const std::string& records_dir,
                                                const std::vector<std::string>& dirs) {
  std::vector<std::string> removed;
  std::set<std::string> seen;
  for (const auto& d : dirs)
    if (fs::is_directory(d) && seen.insert(fs::canonical(d).string()).second) remove_stale_temps(d, removed);
  if (!fs::is_directory(records_dir)) return removed;
  if (seen.insert(fs::canonical(records_dir).string()).second) remove_stale_temps(records_dir, removed);
  const std::string suffix = ".gbench.json";
  for (const auto& entry : fs::directory_iterator(records_dir)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || name.size() <= suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const std::string run_id = name.substr(0, name.size() - suffix.size());
    if (fs::exists(entry.path().parent_path() / (run_id + ".json")) ||
        fs::exists(entry.path().parent_path() / record_file_name(run_id)))
      continue;
    fs::remove(entry.path());
    removed.push_back(entry.path().string() + ": Google Benchmark output of a run whose record never landed; removed");
  }
  return removed;
}

}  // namespace fuselab
