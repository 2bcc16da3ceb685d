#include "harness/core/case_patterns.h"

#include <fnmatch.h>

namespace fuselab {

bool case_selected_by(const std::vector<std::string>& patterns, const std::string& name) {
  if (patterns.empty()) return true;
  for (const auto& p : patterns)
    if (fnmatch(p.c_str(), name.c_str(), 0) == 0) return true;
  return false;
}

}  // namespace fuselab
