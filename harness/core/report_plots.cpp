#include "harness/core/report_plots.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstdlib>
#include <stdexcept>

extern char** environ;

namespace fuselab {

int spawn_and_wait(const std::vector<std::string>& args, bool quiet) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (quiet) {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  }
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

namespace {

using nlohmann::json;

bool imports_matplotlib(const std::string& python) {
  return spawn_and_wait({python, "-c", "import matplotlib"}, true) == 0;
}

}  // namespace

json plot_data(const std::vector<FamilyModel>& families) {
  json out = {{"families", json::array()}};
  for (const auto& f : families) {
    if (f.cases.empty()) continue;
    json cases = json::array();
    for (const auto& c : f.cases) cases.push_back({{"name", c}, {"head_dim", f.head_dim.at(c)}});
    json series = json::array();
    auto add = [&](const ReportExperiment& x) {
      json points = json::array();
      for (const auto& c : f.cases) {
        const ReportCell* cell = f.cell(x.id, c);
        if (!cell) continue;
        points.push_back({{"case", c},
                          {"median_us", cell->median_us},
                          {"q1_us", cell->q1_us},
                          {"q3_us", cell->q3_us},
                          {"copy_fraction", cell->copy_fraction ? json(*cell->copy_fraction)
                                                                : json(nullptr)}});
      }
      if (!points.empty())
        series.push_back({{"id", x.id}, {"label", x.label}, {"peer", x.peer}, {"points", points}});
    };
    // The versions in the default build and the peers: an archived version
    // stays in the report's tables, and a line per version of a family's whole
    // history (over a hundred) would bury the live line.
    for (const auto& v : f.versions)
      if (v.archived_at.empty()) add(v);
    for (const auto& p : f.peers) add(p);
    json files = {{"time", f.family + "-time.svg"}, {"copy", f.family + "-copy-fraction.svg"}};
    if (!f.peers.empty()) files["vs_pytorch"] = f.family + "-vs-pytorch.svg";
    out["families"].push_back({{"family", f.family},
                               {"baseline", f.baseline},
                               {"cases", cases},
                               {"series", series},
                               {"files", files}});
  }
  return out;
}

std::string find_plot_python() {
  const char* forced = std::getenv("FUSELAB_PYTHON");
  if (forced && *forced) {
    if (imports_matplotlib(forced)) return forced;
    throw std::runtime_error(std::string("FUSELAB_PYTHON=") + forced +
                             " cannot import matplotlib, which the report's plots need. Fix: "
                             "install it there, or unset FUSELAB_PYTHON to use Debian's "
                             "(apt-get install python3-matplotlib; scripts/setup.sh does it), "
                             "or pass --no-plots");
  }
  for (const char* candidate : {"python3", "/usr/bin/python3"})
    if (imports_matplotlib(candidate)) return candidate;
  throw std::runtime_error(
      "no python3 that imports matplotlib (tried python3, /usr/bin/python3); the report's plots "
      "need it. Fix: apt-get install python3-matplotlib (scripts/setup.sh does it), or set "
      "FUSELAB_PYTHON to a python3 that has it, or pass --no-plots");
}

void run_plot_script(const std::string& python, const std::string& script,
                     const std::string& data_json, const std::string& out_dir) {
  const int rc = spawn_and_wait({python, script, data_json, out_dir}, false);
  if (rc != 0)
    throw std::runtime_error(python + " " + script + " failed (exit status " + std::to_string(rc) +
                             "; its message is above). Fix: the Python error above names the "
                             "cause; pass --no-plots to write the reports without plots");
}

}  // namespace fuselab
