// The plots of `fuselab report`: the C++ side writes the numbers to plot
// (one JSON file), harness/report/plots.py draws them with matplotlib.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/report_model.h"

namespace fuselab {

// {"families": [{"family", "cases": [{"name", "head_dim"}], "baseline",
//   "series": [{"id", "label", "peer", "points": [{"case", "median_us",
//   "q1_us", "q3_us", "copy_fraction"}]}], "files": {"time", "copy", "vs_pytorch"}}]}
// Only families with timed cases; only versions in the default build (not
// archived) and the peers; file names relative to the output folder.
nlohmann::json plot_data(const std::vector<FamilyModel>& families);

// Runs argv (argv[0] looked up on PATH) with stdout/stderr passed through, or
// to /dev/null when quiet; returns the exit status, -1 when it could not start.
int spawn_and_wait(const std::vector<std::string>& args, bool quiet);

// The python3 to draw with: $FUSELAB_PYTHON when set (it must import
// matplotlib), else the first of python3, /usr/bin/python3 that does. Throws
// one line naming what was tried and the fix when none does.
std::string find_plot_python();

// Runs `python script data_json out_dir`; throws with the exit status and the
// fix when it fails.
void run_plot_script(const std::string& python, const std::string& script,
                     const std::string& data_json, const std::string& out_dir);

}  // namespace fuselab
