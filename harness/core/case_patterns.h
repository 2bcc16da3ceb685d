// `--case GLOB…`: which case names a list of shell globs selects (fnmatch,
// as the shell would). An empty list selects every case.
#pragma once

#include <string>
#include <vector>

namespace fuselab {

bool case_selected_by(const std::vector<std::string>& patterns, const std::string& name);

}  // namespace fuselab
